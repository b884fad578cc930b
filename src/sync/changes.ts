/**
 * The vocabulary of a sync: what changes on which side, what conflicts, what cannot be reconciled.
 * Plain JSON-serialisable data (the CLI prints `--json` from it), discriminated by `kind`.
 * Names are the names after the sync (the merged state) unless a field says otherwise.
 */
import type { Value, VariableMeta, VariableType } from '../model/types.js';

/** Set when a change only exists because `--prefer` settled a conflict in its favour. */
export type Prefer = 'repo' | 'service';

/** A variable field's value as shown to people: a token value, a description, a scope list, a type, kept service fields. */
export type FieldValue = Value | string[] | VariableMeta | null;

/**
 * `meta`: hiddenFromPublishing and codeSyntax, kept but not owned by tokensync. `override`: the value
 * in one mode of an extended collection (`extension`, `mode`; null = no override, docs/overrides.md §6).
 */
export type VariableField = 'type' | 'description' | 'scopes' | 'value' | 'meta' | 'override';

interface Resolved {
  /** Present when this change came from settling a conflict with `--prefer`. */
  resolvedBy?: Prefer;
}

export type Change =
  | ({ kind: 'create-collection'; collection: string; modes: string[]; defaultMode: string } & Resolved)
  | ({ kind: 'rename-collection'; collection: string; from: string } & Resolved)
  /** The collection's own hiddenFromPublishing (docs/sync.md "Collections"). */
  | ({
      kind: 'update-collection';
      collection: string;
      field: 'hiddenFromPublishing';
      before: boolean;
      after: boolean;
    } & Resolved)
  | ({ kind: 'delete-collection'; collection: string } & Resolved)
  | ({ kind: 'create-mode'; collection: string; mode: string } & Resolved)
  | ({ kind: 'rename-mode'; collection: string; mode: string; from: string } & Resolved)
  | ({ kind: 'delete-mode'; collection: string; mode: string } & Resolved)
  | ({
      kind: 'create-variable';
      collection: string;
      variable: string;
      type: VariableType;
      values: Record<string, Value>;
    } & Resolved)
  | ({ kind: 'rename-variable'; collection: string; variable: string; from: string } & Resolved)
  | ({
      kind: 'update-variable';
      collection: string;
      variable: string;
      field: VariableField;
      /** Mode name, for `field: 'value'` and `'override'`. */
      mode?: string;
      /** The extended collection, for `field: 'override'`. */
      extension?: string;
      before: FieldValue;
      after: FieldValue;
    } & Resolved)
  | ({ kind: 'delete-variable'; collection: string; variable: string } & Resolved);

/**
 * Both sides changed the same thing differently since the lock (`inBase: true`), or, without a base,
 * hold different things (`inBase: false`). `local` is the repository's value, `remote` the service's.
 */
/**
 * `base` on a conflict: the field's value as of the lock, as a canonical text (`canonicalValue`, the
 * description, the sorted scopes, `canonicalMeta`, a name); absent when there is no base (`inBase`
 * false) or the lock was written before base values were kept (docs/sync.md "Conflicts").
 */
export type Conflict =
  | { kind: 'collection-name'; collection: string; local: string; remote: string; inBase: boolean; base?: string }
  | {
      kind: 'mode-name';
      collection: string;
      mode: string;
      local: string;
      remote: string;
      inBase: boolean;
      base?: string;
    }
  | {
      kind: 'variable-field';
      collection: string;
      /** The service's name; `localName` too when the repository's differs. */
      variable: string;
      localName?: string;
      field: VariableField | 'name';
      mode?: string;
      extension?: string;
      local: FieldValue;
      remote: FieldValue;
      inBase: boolean;
      base?: string;
    }
  /** Deleted in the design file while the repository changed it since the lock. */
  | { kind: 'deleted-in-service'; collection: string; variable?: string };

/**
 * Something in the service with no counterpart in the repository that a push cannot remove (the API
 * has no delete; docs/architecture.md "Deletion"). `removed-locally`: it was in the lock and the repository dropped
 * it. `never-pulled`: there is no lock at all, so it may never have been in the repository (a pull
 * brings it; it is also listed in `toRepo`).
 */
export type Orphan =
  | { kind: 'collection'; collection: string; id: string; reason: OrphanReason }
  | { kind: 'mode'; collection: string; mode: string; id: string; reason: OrphanReason }
  | { kind: 'variable'; collection: string; variable: string; id: string; reason: OrphanReason };
export type OrphanReason = 'removed-locally' | 'never-pulled';

/** What a variable change or conflict is about, as people read it: the mode, `override <extension> <mode>`, or the field. */
export function fieldLabel(c: {
  field: VariableField | 'name';
  mode?: string | undefined;
  extension?: string | undefined;
}): string {
  if (c.field === 'value') return c.mode ?? 'value';
  if (c.field === 'override') return `override ${c.extension ?? '?'} ${c.mode ?? '?'}`;
  return c.field;
}

/** An extension only the repository holds: the service (dfs) has no extended collections (docs/overrides.md §5). */
export interface RepoOnlyExtension {
  collection: string;
  parent: string;
  overrides: number;
}

/**
 * Overrides of one variable in one extension that differ by mode, which token files cannot hold
 * (docs/overrides.md §4): kept as the design file holds them, fingerprinted in the lock, never pushed
 * over or deleted while the repository holds their projection.
 */
export interface PerModeOverride {
  collection: string;
  variable: string;
  /** Mode name -> override; modes without one inherit. */
  values: Record<string, Value>;
  /** Every mode of the extension, in order. */
  modes: string[];
}

/**
 * What of the repository's resolver document a design file cannot hold (docs/overrides.md §5): a
 * modifier's tokens that only some of its contexts define (`partial`), or a third axis over a
 * collection (`axis`). Built, never pushed, never a change; one "Repository only" line each.
 */
export interface RepoOnlyModifier {
  kind: 'partial' | 'axis';
  modifier: string;
  /** The collection it is about (the axis's parent; the partial tokens' collection). */
  collection: string;
  /** `partial`: token name -> the contexts that define it. `axis`: context -> its override count. */
  items: Record<string, string[] | number>;
}
