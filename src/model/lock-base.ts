/**
 * The base value a conflict shows (docs/sync.md "Conflicts"): the lock's canonical text of a field,
 * trusted only while its fingerprint is the field's fingerprint (a base rewritten in memory, by
 * `--force` or a journal, keeps the old text, which then no longer counts).
 */
import { fingerprint, type LockBaseTexts, type LockVariable } from './lock.js';

export type BaseField = 'description' | 'scopes' | 'meta' | 'value';

/** What a text left out of `LockBaseTexts` stands for (the usual default of the field). */
const DEFAULTS: Record<Exclude<BaseField, 'value'>, string> = { description: '', scopes: 'ALL_SCOPES', meta: '' };

/**
 * The canonical text of the base of `field` (the value in lock mode `mode` for `value`), or
 * undefined when the lock does not hold it (written before base values were kept) or it does not
 * match the fingerprint.
 */
export function baseText(v: LockVariable | undefined, field: BaseField, mode?: string): string | undefined {
  if (!v?.base) return undefined;
  const fp = field === 'value' ? (mode !== undefined ? v.fields.values[mode] : undefined) : v.fields[field];
  if (fp === undefined) return undefined;
  const text = field === 'value' ? (mode !== undefined ? v.base.values?.[mode] : undefined) : v.base[field];
  const candidate = text ?? (field === 'value' ? undefined : DEFAULTS[field]);
  return candidate !== undefined && fingerprint(candidate) === fp ? candidate : undefined;
}

/** `LockBaseTexts` without the defaults (see DEFAULTS), or undefined when nothing is left. */
export function compactBase(b: LockBaseTexts): LockBaseTexts | undefined {
  const out: LockBaseTexts = {};
  if (b.values && Object.keys(b.values).length > 0) out.values = b.values;
  for (const k of ['description', 'scopes', 'meta'] as const) {
    const t = b[k];
    if (t !== undefined && t !== DEFAULTS[k]) out[k] = t;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
