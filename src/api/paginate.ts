/**
 * Walks every page of a cursor-paginated list (agreed wire choice: `page_size` and `cursor` query
 * parameters, `pagination.cursor` null on the last page).
 */
import { TokensyncError } from '../errors.js';
import type { PageOptions, Pagination } from './schemas/library.js';

export async function* paginate<P extends { pagination: Pagination }, T>(
  fetchPage: (page: PageOptions) => Promise<P>,
  items: (page: P) => T[],
  opts: { pageSize?: number } = {},
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage({
      ...(opts.pageSize === undefined ? {} : { pageSize: opts.pageSize }),
      ...(cursor === undefined ? {} : { cursor }),
    });
    yield* items(page);
    const next = page.pagination.cursor;
    if (next === null || next === '') return;
    // A cursor seen before would loop forever: the service is misbehaving, say so instead of hanging.
    if (seen.has(next)) {
      throw new TokensyncError(
        'API_PAGINATION_LOOP',
        `The service returned the cursor "${next}" twice while listing pages.`,
        {
          hint: 'This is a service bug; report it. Listing with a different page size may avoid it.',
        },
      );
    }
    seen.add(next);
    cursor = next;
  }
}

export function pageQuery(page: PageOptions | undefined): string {
  const q = new URLSearchParams();
  if (page?.pageSize !== undefined) q.set('page_size', String(page.pageSize));
  if (page?.cursor !== undefined) q.set('cursor', page.cursor);
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
}
