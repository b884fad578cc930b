/**
 * How a design-owned part of the repository is marked (issue 13): `$extensions["dev.tokensync"]
 * .owner: "design"` on a style token, a grid style's group, and a style set of the resolver
 * document. No imports: the token reader (the `check` fast path) asks this too.
 */
export const EXTENSION = 'dev.tokensync';

/** Whether a JSON object (token, group, or resolver set) carries the design-owned mark. */
export function isDesignOwnedSet(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const ext = (body as Record<string, unknown>)['$extensions'];
  const ours = typeof ext === 'object' && ext !== null ? (ext as Record<string, unknown>)[EXTENSION] : undefined;
  return typeof ours === 'object' && ours !== null && (ours as Record<string, unknown>)['owner'] === 'design';
}
