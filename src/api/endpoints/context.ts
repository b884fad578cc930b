/**
 * What every endpoint group needs: the HTTP layer, the dialect (its scope names and spellings) and
 * the redactor (for secrets a request carries, such as a webhook passcode), plus the checked path
 * segments every group builds its paths from.
 */
import { TokensyncError } from '../../errors.js';
import type { Dialect } from '../dialects/index.js';
import type { Http } from '../http.js';
import type { Redactor } from '../redact.js';

export interface EndpointContext {
  http: Http;
  dialect: Dialect;
  redactor: Redactor;
}

/** One path segment, URL-encoded; an empty one is a caller's mistake, named before any request. */
export function seg(name: string, value: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new TokensyncError('API_BAD_INPUT', `The ${name} is empty.`, { hint: `Pass a non-empty ${name}.` });
  }
  return encodeURIComponent(value);
}

/** `/v1/files/<key>`: the prefix of every file endpoint. */
export const filePath = (fileKey: string): string => `/v1/files/${seg('file key', fileKey)}`;

export function idList(ids: string[]): string {
  if (ids.length === 0 || ids.some((id) => id === '')) {
    throw new TokensyncError('API_BAD_INPUT', 'The list of node ids is empty or holds an empty id.', {
      hint: 'Pass at least one node id, e.g. "1:2".',
    });
  }
  return ids.join(',');
}
