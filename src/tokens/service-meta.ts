/**
 * The kept service fields of a variable in a token file: `hiddenFromPublishing` (only when
 * true) and `codeSyntax` (per platform: WEB, ANDROID, iOS) in `$extensions["dev.tokensync"]`, next to
 * `scopes`. tokensync does not own them: a pull writes what the design file holds, a push sends back
 * what the file holds, and nothing else changes them (model/meta.ts). Kept in this module so read.ts
 * and render.ts only call it (the DTCG 2025.10 format allows vendor data under `$extensions`, §5.2.3).
 */
import { CODE_SYNTAX_PLATFORMS, makeMeta } from '../model/meta.js';
import type { VariableMeta } from '../model/types.js';
import { Ordered } from './json-write.js';

/** Sets (or removes) the kept fields on the `dev.tokensync` extension object being rendered. */
export function renderMeta(ours: Ordered, meta: VariableMeta | undefined): void {
  if (meta?.hiddenFromPublishing) ours.set('hiddenFromPublishing', true);
  else ours.delete('hiddenFromPublishing');
  const cs = meta?.codeSyntax;
  if (cs && Object.keys(cs).length > 0) {
    const out = new Ordered();
    for (const p of CODE_SYNTAX_PLATFORMS) if (cs[p] !== undefined) out.set(p, cs[p]);
    ours.set('codeSyntax', out);
  } else {
    ours.delete('codeSyntax');
  }
}

export interface MetaProblem {
  key: 'hiddenFromPublishing' | 'codeSyntax';
  message: string;
  hint: string;
}

/** The kept fields of the extension object as read, and what is wrong with them (reported by the reader). */
export function readMeta(ours: Record<string, unknown> | undefined): {
  meta: VariableMeta | undefined;
  problems: MetaProblem[];
} {
  if (!ours) return { meta: undefined, problems: [] };
  const problems: MetaProblem[] = [];
  const hidden = ours['hiddenFromPublishing'];
  if (hidden !== undefined && typeof hidden !== 'boolean') {
    problems.push({
      key: 'hiddenFromPublishing',
      message: `"hiddenFromPublishing" must be true or false, not ${JSON.stringify(hidden)}`,
      hint: 'Write "hiddenFromPublishing": true, or remove it.',
    });
  }
  const cs = ours['codeSyntax'];
  if (cs !== undefined) {
    const ok =
      typeof cs === 'object' &&
      cs !== null &&
      !Array.isArray(cs) &&
      Object.entries(cs).every(
        ([k, v]) => (CODE_SYNTAX_PLATFORMS as readonly string[]).includes(k) && typeof v === 'string',
      );
    if (!ok) {
      problems.push({
        key: 'codeSyntax',
        message: `"codeSyntax" must map WEB, ANDROID or iOS to a name, not ${JSON.stringify(cs)}`,
        hint: 'Write e.g. "codeSyntax": {"WEB": "var(--color-bg)"}, or remove it.',
      });
    }
  }
  return { meta: problems.length > 0 ? undefined : makeMeta(hidden, cs), problems };
}
