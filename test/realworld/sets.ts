/**
 * Real design systems' published token sets, read from node_modules (pinned devDependencies, never
 * committed here): see test/realworld/README.md for each package, version and licence.
 */
import { cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const EXAMPLES = fileURLToPath(new URL('../../node_modules/dtcg-examples/', import.meta.url));

export interface RealSet {
  /** The folder (and `<name>.resolver.json`) in dtcg-examples. */
  name: string;
  system: string;
  licence: string;
}

/** Apple HIG is left out: dtcg-examples states no licence for it. */
export const SETS: RealSet[] = [
  { name: 'adobe-spectrum', system: 'Adobe Spectrum', licence: 'Apache-2.0' },
  { name: 'figma-sds', system: 'Figma Simple Design System', licence: 'MIT' },
  { name: 'github-primer', system: 'GitHub Primer', licence: 'MIT' },
  { name: 'ibm-carbon', system: 'IBM Carbon', licence: 'Apache-2.0' },
  { name: 'microsoft-fluent', system: 'Microsoft Fluent 2', licence: 'MIT' },
  { name: 'shopify-polaris', system: 'Shopify Polaris', licence: 'MIT' },
];

/** Every `*.tokens.json` of a set, relative to its folder, sorted. */
export function tokenFiles(set: string): string[] {
  const root = path.join(EXAMPLES, set);
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const name of readdirSync(path.join(root, rel)).sort()) {
      const r = path.join(rel, name);
      if (statSync(path.join(root, r)).isDirectory()) walk(r);
      else if (name.endsWith('.tokens.json')) out.push(r);
    }
  };
  walk('');
  return out;
}

/** The set's token files by relative path, parsed. */
export function readSet(set: string): Record<string, unknown> {
  return Object.fromEntries(
    tokenFiles(set).map((f) => [f, JSON.parse(readFileSync(path.join(EXAMPLES, set, f), 'utf8'))]),
  );
}

/** Copies the set's token files (a plain folder, no resolver document) under `dir`. */
export function copySet(set: string, dir: string): void {
  for (const f of tokenFiles(set)) cpSync(path.join(EXAMPLES, set, f), path.join(dir, f));
}
