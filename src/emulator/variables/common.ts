/** Shared parts of the POST and PUT variables batches (spec "Variables"). */
import { isObject } from './values.js';

export type BatchResult =
  | { ok: true; tempIdMapping: Record<string, string>; changed: boolean }
  | { ok: false; message: string };

export interface Items {
  variableCollections: Record<string, unknown>[];
  variableModes: Record<string, unknown>[];
  variables: Record<string, unknown>[];
}

const ARRAYS = ['variableCollections', 'variableModes', 'variables'] as const;

/** The body's three optional arrays, every item an object with the expected `action`. */
export function checkBody(
  body: unknown,
  action: 'CREATE' | 'UPDATE',
): { ok: true; items: Items } | { ok: false; message: string } {
  if (!isObject(body))
    return {
      ok: false,
      message: 'The body must be a JSON object with optional arrays variableCollections, variableModes and variables.',
    };
  for (const k of Object.keys(body)) {
    if (!(ARRAYS as readonly string[]).includes(k))
      return {
        ok: false,
        message: `Unknown top-level field "${k}"; the body has optional arrays ${ARRAYS.join(', ')}.`,
      };
  }
  const items: Items = { variableCollections: [], variableModes: [], variables: [] };
  for (const k of ARRAYS) {
    const list = body[k];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return { ok: false, message: `"${k}" must be an array.` };
    const into = items[k];
    for (let i = 0; i < list.length; i++) {
      const item: unknown = list[i];
      // The item's place is written only for a message.
      if (!isObject(item)) return { ok: false, message: `${k}[${i}] must be an object.` };
      if (item['action'] !== action) {
        const hint =
          action === 'CREATE'
            ? 'POST only creates (action "CREATE"); send updates with PUT.'
            : 'PUT only updates (action "UPDATE"); create with POST.';
        return {
          ok: false,
          message: `${k}[${i}]${typeof item['id'] === 'string' ? ` (id "${item['id']}")` : ''}: action ${JSON.stringify(item['action']) ?? '(missing)'} is not allowed here; ${hint}`,
        };
      }
      into.push(item);
    }
  }
  return { ok: true, items };
}

export function describeCycle(
  cycle: [string, string][],
  nameOf: (id: string) => string,
  modeName: (mode: string) => string | null,
): string {
  return cycle
    .map(([v, m]) => {
      const mode = modeName(m);
      return mode ? `"${nameOf(v)}" (${mode})` : `"${nameOf(v)}"`;
    })
    .join(' -> ');
}
