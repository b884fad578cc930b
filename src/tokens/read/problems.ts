/**
 * A problem as the stages find it: where (file and JSON path, resolved to line:column only when
 * reported: report.ts), the token, what is wrong and the fix. Every stage pushes to one list.
 */
export interface Problem {
  severity: 'error' | 'warning';
  /** Relative to the tokens folder. */
  file: string;
  /** Where in the file: a JSON path (resolved to a position only when reported) or an offset. */
  jsonPath?: (string | number)[];
  at?: 'key' | 'value';
  /** -1: the position of the file's JSON syntax error. */
  offset?: number;
  tokenPath?: string;
  message: string;
  hint: string;
}
