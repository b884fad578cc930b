/**
 * Collects everything a test file's client code prints, emits and throws, so a final test can check that
 * no secret (token, client secret, access/refresh token, passcode, admin token) appears in any of it
 * (docs/api-client.md "Errors": no error, event or log line contains a secret).
 */
import { inspect } from 'node:util';

export class LeakScanner {
  readonly #texts: string[] = [];
  readonly #restore: (() => void)[] = [];

  /** Starts recording stdout, stderr and console output (still passed through). */
  start(): void {
    for (const stream of [process.stdout, process.stderr]) {
      const original = stream.write.bind(stream) as (...args: unknown[]) => boolean;
      (stream as unknown as { write: (...args: unknown[]) => boolean }).write = (...args: unknown[]) => {
        const chunk = args[0];
        this.#texts.push(
          typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk),
        );
        return original(...args);
      };
      this.#restore.push(() => {
        (stream as unknown as { write: unknown }).write = original;
      });
    }
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      const original = console[level];
      console[level] = (...args: unknown[]) => {
        this.#texts.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 10 }))).join(' '));
        original(...args);
      };
      this.#restore.push(() => {
        console[level] = original;
      });
    }
  }

  stop(): void {
    for (const undo of this.#restore.splice(0)) undo();
  }

  /** Records a value (an error, an event) in every form a user could see it. */
  record(value: unknown): void {
    this.#texts.push(inspect(value, { depth: 20, showHidden: true }));
    if (value instanceof Error) {
      this.#texts.push(String(value), value.stack ?? '');
      for (
        let c: unknown = value.cause, i = 0;
        c !== undefined && i < 10;
        c = c instanceof Error ? c.cause : undefined, i++
      ) {
        this.#texts.push(inspect(c, { depth: 20, showHidden: true }), c instanceof Error ? (c.stack ?? '') : String(c));
      }
    }
    try {
      this.#texts.push(JSON.stringify(value) ?? '');
    } catch {
      // circular: inspect above covered it
    }
  }

  /** Awaits `p`, recording and returning what it threw (or undefined when it resolved). */
  async thrown(p: Promise<unknown>): Promise<unknown> {
    try {
      await p;
      return undefined;
    } catch (err) {
      this.record(err);
      return err;
    }
  }

  /** How much was recorded (a scan of nothing proves nothing). */
  get size(): number {
    return this.#texts.length;
  }

  /** The secrets (by label) found anywhere in what was recorded; also URL-encoded forms. */
  leaks(secrets: Record<string, string>): string[] {
    const all = this.#texts.join('\n');
    const found: string[] = [];
    for (const [label, secret] of Object.entries(secrets)) {
      if (secret.length === 0) continue;
      if (all.includes(secret) || all.includes(encodeURIComponent(secret))) found.push(label);
    }
    return found;
  }
}
