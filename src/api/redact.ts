/**
 * Credential redaction, applied where errors and events are built ("every credential
 * redacted where the error is built"). A `Redactor` knows the exact secrets a client holds (the
 * personal token, the OAuth client secret, every access/refresh token it has seen, webhook passcodes
 * it sent) and also masks anything that looks like a credential in header or form syntax, so a
 * secret that it was never told about (e.g. echoed by a server in an error body) is still hidden.
 */
export const REDACTED = '[redacted]';

/** Credential-shaped text: header lines, bearer values, form/JSON fields named like secrets. */
const PATTERNS: RegExp[] = [
  /(bearer\s+)[^\s"',;]+/gi,
  /(x-(?:service|figma)-token["']?\s*[:=]\s*["']?)[^\s"',;]+/gi,
  /((?:access_token|refresh_token|client_secret|passcode|adminToken)["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi,
  // JSON "token": "…" and the OAuth authorization code in form/query syntax.
  /(["']token["']\s*:\s*["'])[^"']+/gi,
  /(\bcode=)[^\s&"']+/g,
];

export class Redactor {
  readonly #secrets = new Set<string>();

  /** Remember a secret so every later `redact` hides it. Short strings are ignored (they would mask ordinary words). */
  add(secret: string | undefined): void {
    if (secret !== undefined && secret.length >= 6) this.#secrets.add(secret);
  }

  redact(text: string): string {
    let out = text;
    // Longest first, so a secret that contains another is hidden whole.
    for (const secret of [...this.#secrets].sort((a, b) => b.length - a.length)) {
      out = out.split(secret).join(REDACTED);
      // Also its URL-encoded form (form bodies, query strings).
      const encoded = encodeURIComponent(secret);
      if (encoded !== secret) out = out.split(encoded).join(REDACTED);
    }
    for (const pattern of PATTERNS) out = out.replace(pattern, `$1${REDACTED}`);
    return out;
  }

  /**
   * A copy of an underlying error (e.g. undici's) that is safe to attach as `cause`: name, code and
   * a redacted message only, recursively. The original object may hold sockets or request options,
   * so it is never attached as is.
   */
  sanitizeError(err: unknown, depth = 0): Error | undefined {
    if (err === undefined || err === null) return undefined;
    if (!(err instanceof Error)) return new Error(this.redact(String(err)));
    const copy = new Error(
      this.redact(err.message),
      depth < 4 && err.cause !== undefined ? { cause: this.sanitizeError(err.cause, depth + 1) } : undefined,
    );
    copy.name = err.name;
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string') (copy as Error & { code?: string }).code = code;
    copy.stack = `${copy.name}: ${copy.message}`;
    return copy;
  }
}
