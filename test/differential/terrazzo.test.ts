/**
 * Differential test against Terrazzo's parser (`@terrazzo/parser`, with its core lint rules as `tz
 * check` runs them): every document the conformance suite writes (test/conformance/, harvested by
 * harvest.ts) and every real published set (test/realworld/) gets an accept/refuse verdict from both.
 * Where they disagree, the spec text decided who is right; each case sits in KNOWN below with its
 * section and verdict, so the test fails on any NEW disagreement (and on a known one that went away).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SETS, readSet } from '../realworld/sets.js';
import { harvest, type Doc } from './harvest.js';
import { mergedSet, ours, terrazzo } from './verdicts.js';

/** Who the spec text sides with, where tokensync and Terrazzo disagree. */
type Judgement =
  | 'terrazzo deviates' // the spec text says what tokensync does
  | 'tokensync stricter' // the spec text is silent or vague; tokensync refuses on purpose (the reason given)
  | 'tokensync lenient'; // tokensync reads a pre-2025.10 form on purpose (docs/token-files.md)

interface Known {
  /** Picks the case: a piece of its `describe > it` title (or `realworld <set>`) and of its document. */
  origin: string;
  doc: string;
  judgement: Judgement;
  /** The spec section that decides it. */
  spec: string;
  why: string;
}

/**
 * The known disagreements. Hex strings are upgraded to the 2025.10 object before either tool sees a
 * conformance document (see `upgradeHex`), so the hex-string case is the one row about it.
 */
const KNOWN: Known[] = [
  {
    origin: 'refuses a token with no type to find',
    doc: '"colour"',
    judgement: 'terrazzo deviates',
    spec: 'format design-token.md "Type": no $type to find, the token MUST be considered invalid; $type is one of the spec\'s types',
    why: 'Terrazzo accepts a token with no $type anywhere above it and an unknown $type.',
  },
  {
    origin: 'refuses them with the wrong shape, and an unknown $-property',
    doc: '"$description":3',
    judgement: 'terrazzo deviates',
    spec: 'format design-token.md "Description" (MUST be a plain JSON string), "Extensions", "Deprecated"; "$" names are reserved',
    why: 'Terrazzo accepts a numeric $description, a string $deprecated other than a message, an array $extensions and unknown $-properties ($tpye, $valu).',
  },
  {
    origin: 'inherits tokens and $type, local tokens override, chains work',
    doc: '"$ref":"#/button-primary"',
    judgement: 'terrazzo deviates',
    spec: 'format groups.md "Extending Groups" ($extends is the JSON Schema $ref, chains allowed; only real cycles are invalid)',
    why: 'Terrazzo reports "Circular $extends detected" for a chain with no cycle.',
  },
  {
    origin: 'reads every composite with sub-value references',
    doc: '"layered"',
    judgement: 'terrazzo deviates',
    spec: 'format composite-types.md "Shadow": an array may mix shadow objects and references to shadow tokens',
    why: 'Terrazzo validates "{shadow}" inside a shadow array as a shadow object ("Invalid dimension: undefined").',
  },
  {
    origin: 'accepts every color space with components in range, "none"',
    doc: '"none"',
    judgement: 'terrazzo deviates',
    spec: 'color-type.md "Format": a component MAY be "none"',
    why: 'Terrazzo range-checks the "none" keyword as a number.',
  },
  {
    origin: 'accepts every color space with components in range, "none"',
    doc: '"lab"',
    judgement: 'terrazzo deviates',
    spec: 'color-type.md "CIELAB": A and B are unbounded (in practice -160..160)',
    why: 'Terrazzo limits lab a/b to -125..125.',
  },
  {
    origin: '360 as a hue',
    doc: '[360,50,50]',
    judgement: 'terrazzo deviates',
    spec: 'color-type.md "Supported color spaces": hue is [0 - 360), 360 MUST NOT be used',
    why: 'Terrazzo accepts hue 360.',
  },
  {
    origin: '360 as a hue',
    doc: '"hex":"red"',
    judgement: 'terrazzo deviates',
    spec: 'color-type.md "Format": hex MUST be 6-digit CSS hex notation',
    why: 'Terrazzo accepts "red" as the hex fallback.',
  },
  {
    origin: '360 as a hue',
    doc: '"hex":"#00ff00"',
    judgement: 'tokensync stricter',
    spec: 'color-type.md "Format": hex is a fallback; the text does not say it must match',
    why: 'In srgb the hex can only name the same color; a mismatch is a hand edit that left one of them stale, and tokensync would push the components while other tools show the hex (docs/token-files.md "Colors").',
  },
  {
    origin: 'refuses a missing unit (even for 0), other units',
    doc: '"unit":"em"',
    judgement: 'terrazzo deviates',
    spec: 'format types.md "Dimension": unit MUST be "px" or "rem"',
    why: 'Terrazzo also allows "em" by default.',
  },
  {
    origin: 'refuses a missing unit (even for 0), other units',
    doc: '"$type":"fontFamily","$value":[]',
    judgement: 'tokensync stricter',
    spec: 'format types.md "Font family": a name or an array of names, most to least preferred',
    why: 'An empty list names no font; CSS `font-family:` with nothing is invalid, so the build could not render it.',
  },
  {
    origin: 'refuses a shadow without blur, a non-boolean inset',
    doc: '"inset":"yes"',
    judgement: 'terrazzo deviates',
    spec: 'format composite-types.md "Shadow": inset is a boolean',
    why: 'Terrazzo accepts "yes".',
  },
  {
    origin: 'refuses a shadow without blur, a non-boolean inset',
    doc: '"$type":"shadow","$value":[]',
    judgement: 'tokensync stricter',
    spec: 'format composite-types.md "Shadow": a shadow object or an array of them',
    why: 'An empty array is no shadow; every platform would render nothing, so it is refused where it was written.',
  },
  {
    origin: 'refuses a lineHeight that is a dimension',
    doc: '"lineHeight":{"value":20',
    judgement: 'terrazzo deviates',
    spec: 'format composite-types.md "Typography": lineHeight MUST be a number (a multiplier of fontSize)',
    why: 'Terrazzo accepts a dimension lineHeight (the draft form).',
  },
  {
    origin: 'hex strings in CSS form (3, 4, 6, 8 digits)',
    doc: '"$value":"#',
    judgement: 'tokensync lenient',
    spec: 'color-type.md "Format": a color is an object; hex strings are the pre-2025.10 draft form',
    why: 'tokensync reads a whole color written as a CSS hex string (docs/token-files.md "Draft forms"); Terrazzo asks to migrate.',
  },
  {
    origin: 'refuses a hex member of 3 or 8 digits',
    doc: '"hex":"#f0f"',
    judgement: 'terrazzo deviates',
    spec: 'color-type.md "Format" and schemas/2025.10/format/values/color.json: hex is "^#[0-9a-fA-F]{6}$"',
    why: 'Terrazzo accepts a 3-digit hex member (it refuses 8 digits and other forms, as tokensync does).',
  },
  {
    origin: 'realworld figma-sds',
    doc: '',
    judgement: 'terrazzo deviates',
    spec: 'format types.md "Dimension": unit MUST be "px" or "rem"',
    why: 'Figma SDS uses "em" letter spacing, which Terrazzo allows and 2025.10 does not (the other sets are refused by both).',
  },
];

/** The case tokensync reads on purpose that the others do not, checked on its own. */
const HEX_STRING = { 'a.tokens.json': { brand: { $type: 'color', $value: '#3366ff' } } };

const conformanceFiles = ['format', 'types', 'resolver'].map((f) =>
  fileURLToPath(new URL(`../conformance/${f}.test.ts`, import.meta.url)),
);

/**
 * The conformance suite writes colors as "#rrggbb" for brevity, a draft form tokensync reads on
 * purpose (docs/token-files.md "Colors") and Terrazzo refuses. For the comparison, every such string
 * becomes the srgb object, so each document is judged on the rule it is about.
 */
function upgradeHex(v: unknown): unknown {
  if (typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v)) {
    const n = (i: number) => Number.parseInt(v.slice(i, i + 2), 16) / 255;
    return { colorSpace: 'srgb', components: [n(1), n(3), n(5)], hex: v.toLowerCase() };
  }
  if (Array.isArray(v)) return v.map(upgradeHex);
  // Only values: a color's own "hex" and the $-properties other than $value stay as written.
  const keep = (k: string): boolean => k === 'hex' || (k.startsWith('$') && k !== '$value' && k !== '$root');
  if (typeof v === 'object' && v !== null)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, keep(k) ? x : upgradeHex(x)]));
  return v;
}

const known = (origin: string, doc: string): Known | undefined =>
  KNOWN.find((k) => origin.includes(k.origin) && doc.includes(k.doc));

/** Fails on a disagreement KNOWN does not hold, and on a KNOWN row that no longer happens. */
function compare(found: { origin: string; doc: string; what: string }[], scope: (k: Known) => boolean): void {
  const unknown = found
    .filter((f) => !known(f.origin, f.doc))
    .map((f) => `${f.origin}\n  ${f.doc.slice(0, 300)}\n  ${f.what}`);
  expect(unknown, 'new disagreements with Terrazzo: read the spec, then fix tokensync or add a row to KNOWN').toEqual(
    [],
  );
  const gone = KNOWN.filter(scope).filter((k) => !found.some((f) => known(f.origin, f.doc) === k));
  expect(
    gone.map((k) => `${k.origin} ${k.doc}`),
    'KNOWN rows that no longer disagree: remove them',
  ).toEqual([]);
}

describe('tokensync and Terrazzo agree on every document, or the spec says who is right', async () => {
  const docs: Doc[] = [];
  for (const f of conformanceFiles) docs.push(...(await harvest(f)));
  // Resolver documents are tokensync's own reading of the Resolver Module; Terrazzo reads them
  // through another entry point, so only token documents are compared.
  const tokenDocs = docs
    .filter((d) => Object.keys(d.files).every((n) => n.endsWith('.tokens.json')))
    .map((d) => ({ ...d, files: upgradeHex(d.files) as Record<string, unknown> }));

  it('harvests the conformance documents', () => {
    // 81 token documents (90 less 9 with a resolver document) as of this writing.
    expect(tokenDocs.length).toBeGreaterThan(70);
  });

  it('conformance documents', async () => {
    const found: { origin: string; doc: string; what: string }[] = [];
    for (const d of tokenDocs) {
      const [a, b] = [await ours(d.files), await terrazzo(d.files)];
      if (d.expected === 'valid') expect(a.why, d.origin).toEqual([]);
      if (a.ok !== b.ok)
        found.push({
          origin: d.origin,
          doc: JSON.stringify(d.files),
          what: a.ok
            ? `tokensync accepts; Terrazzo: ${b.why[0]}`
            : `Terrazzo accepts; tokensync: ${a.why[0]?.split('\n')[0]}`,
        });
    }
    compare(found, (k) => !k.origin.startsWith('realworld'));
  }, 120_000);

  it('real published sets', async () => {
    const found: { origin: string; doc: string; what: string }[] = [];
    for (const set of SETS) {
      const files = readSet(set.name);
      // Terrazzo is given the set merged as it merges it (verdicts.ts `mergedSet`): the same verdict.
      const [a, b] = [await ours(files), await terrazzo(mergedSet(files))];
      // Terrazzo's lint errors name no file, so a set is compared whole.
      if (a.ok !== b.ok)
        found.push({
          origin: `realworld ${set.name}`,
          doc: '',
          what: a.ok
            ? `tokensync accepts; Terrazzo: ${b.why[0]}`
            : `Terrazzo accepts; tokensync: ${a.why[0]?.split('\n')[0]}`,
        });
    }
    compare(found, (k) => k.origin.startsWith('realworld'));
    // About 7 s of CPU for the six sets merged, 42 s as files (GitHub Primer alone, 61 files: 37 s).
  }, 600_000);

  it('Terrazzo says of a set merged beforehand what it says of its files, error by error', async () => {
    // Sets whose files share groups and override tokens (figma-sds: 33 groups, 98 tokens; fluent: 103
    // tokens), cheap enough as files; offline, all six sets (Primer's 17 errors included) agree too.
    let errors = 0;
    for (const name of ['figma-sds', 'microsoft-fluent']) {
      const files = readSet(name);
      const [merged, apart] = [await terrazzo(mergedSet(files)), await terrazzo(files)];
      expect(merged.messages, name).toEqual(apart.messages);
      errors += apart.messages?.length ?? 0;
    }
    expect(errors, 'the comparison has errors to compare').toBeGreaterThan(0);
  });

  it('a "#rrggbb" string color: tokensync reads the draft form on purpose, Terrazzo asks to migrate', async () => {
    // tokensync lenient, format types.md "Color" / color-type.md "Format" (an object in 2025.10):
    // most existing hand-written files use the string (docs/token-files.md "Colors").
    expect((await ours(HEX_STRING)).ok).toBe(true);
    expect((await terrazzo(HEX_STRING)).why[0]).toContain('Migrate to the new object format');
  });
});
