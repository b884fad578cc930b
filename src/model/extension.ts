/**
 * tokensync's own `$extensions` key, and how a design-owned part of the repository is marked:
 * `$extensions["dev.tokensync"].owner: "design"` on a style token, a grid style's group, and a style
 * set of the resolver document (docs/architecture.md "Files in the repository"). No imports: the token reader
 * (the `check` fast path), the style stage and the code generator all ask this.
 */

/** The one `$extensions` key tokensync writes and reads. */
export const EXTENSION = 'dev.tokensync';

/** Whether a JSON object (token, group, or resolver set) carries the design-owned mark. */
export function isDesignOwnedSet(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const ext = (body as Record<string, unknown>)['$extensions'];
  const ours = typeof ext === 'object' && ext !== null ? (ext as Record<string, unknown>)[EXTENSION] : undefined;
  return typeof ours === 'object' && ours !== null && (ours as Record<string, unknown>)['owner'] === 'design';
}

/**
 * The design-owned sets of a resolver document (parsed JSON), in its order; none when it has no
 * `sets` object. The style stage reads their files; the token reader leaves them to it.
 */
export function designOwnedSets(doc: unknown): unknown[] {
  const sets = typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>)['sets'] : undefined;
  if (typeof sets !== 'object' || sets === null || Array.isArray(sets)) return [];
  return Object.values(sets).filter(isDesignOwnedSet);
}
