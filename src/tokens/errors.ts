/**
 * Problems found in token files. `checkTokens` collects them all as `Diagnostic`s; `readTokens` throws
 * the first as a `TokenFileError`. Both say where (file:line:column and the token path), what, and the
 * fix (docs/architecture.md "Command line": errors are one clear paragraph).
 */
import { TokensyncError, formatPosition } from '../errors.js';

export interface Diagnostic {
  severity: 'error' | 'warning';
  /** Path relative to the project root, with `/` separators (`tokens/semantic/light.tokens.json`). */
  file: string;
  line: number;
  column: number;
  /** Dotted DTCG path of the token concerned, when there is one (`color.bg.default`). */
  tokenPath?: string;
  message: string;
  hint: string;
}

export class TokenFileError extends TokensyncError {
  override name = 'TokenFileError';
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly tokenPath: string | undefined;

  constructor(d: Diagnostic, options: { code?: string; cause?: unknown } = {}) {
    const where = formatPosition(d);
    super(options.code ?? 'TOKEN_FILE_INVALID', `${where}${d.tokenPath ? `  ${d.tokenPath}` : ''}: ${d.message}`, {
      hint: d.hint,
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.file = d.file;
    this.line = d.line;
    this.column = d.column;
    this.tokenPath = d.tokenPath;
  }
}

/** `file:line:column  token.path  message` + the fix on the next line (the `check` output). */
export function formatDiagnostic(d: Diagnostic): string {
  const head = `${formatPosition(d)}  ${d.tokenPath ?? '-'}  ${d.severity === 'warning' ? 'warning: ' : ''}${d.message}`;
  return `${head}\n    fix: ${d.hint}`;
}
