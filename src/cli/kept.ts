/**
 * The variables a read kept whole (a type or value the client does not know), as `--json` lists them
 * under `kept` for pull, push, diff, sync and check --remote (docs/sync.md "Nothing is dropped").
 */
import type { KeptVariable } from '../model/types.js';

export interface KeptJson {
  id: string;
  name: string;
  collection: string;
  collectionId: string;
  /** The service's `resolvedType`, as sent. */
  type: unknown;
  reason: string;
}

/** A collector to pass as `onKept`, and what it collected. */
export function keptCollector(): { onKept: (kept: readonly KeptVariable[]) => void; json: () => KeptJson[] } {
  let all: readonly KeptVariable[] = [];
  return {
    onKept: (kept) => {
      all = kept;
    },
    json: () =>
      all.map((k) => ({
        id: k.id,
        name: k.name,
        collection: k.collection,
        collectionId: k.collectionId,
        type: k.wire['resolvedType'],
        reason: k.reason,
      })),
  };
}
