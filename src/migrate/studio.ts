/**
 * `tokensync import tokens-studio`, the pure part (docs/migration.md "Tokens Studio"): the parsed
 * files of a Tokens Studio repository into the text of DTCG 2025.10 token files (one per collection
 * and mode, tokensync's own layout), a resolver document, and the report.
 */
import type { Collection } from '../model/types.js';
import { uniqueSlugs } from '../model/names.js';
import { type CollectionLayout, RESOLVER_FILE, renderResolver } from '../tokens/resolver-doc.js';
import { toJsonText } from '../tokens/json-write.js';
import { addBindings, bindingsOf, type Bindings } from './bindings.js';
import { convertMode, Lines, merge } from './convert-mode.js';
import { type CollectionPlan, planCollections } from './layout.js';
import { emptyReport, type ImportReport } from './report.js';
import { readStudio, type StudioRepo } from './studio-repo.js';
import { usageTypes } from './usage.js';

export interface ImportResult {
  /** Path relative to the output folder -> file text. */
  files: Map<string, string>;
  report: ImportReport;
  /** The design file's collections, modes and variables the repository records (./bindings.ts). */
  bindings?: Bindings;
}

export function importTokensStudio(input: ReadonlyMap<string, unknown>): ImportResult {
  const repo = readStudio(input);
  const report = emptyReport('tokens-studio');
  report.notes.push(...repo.notes);
  for (const s of repo.unordered)
    report.needsPerson.push({
      file: s.file,
      path: '',
      message: `set "${s.name}" is not in $metadata.json tokenSetOrder, so Tokens Studio does not apply it: not imported (${s.tokens.length} tokens); add it to tokenSetOrder and import again to keep it`,
    });
  const { collections, notes } = planCollections(repo);
  report.notes.push(...notes);
  const lines = new Lines(report);
  const files = new Map<string, string>();
  const layouts = layoutsOf(collections);
  const usages = usageTypes(repo.sets.flatMap((s) => s.tokens));
  collections.forEach((plan, i) => {
    const layout = layouts[i]!;
    const descriptions = descriptionsOf(repo, plan.modes[0]!.sets);
    const merged = plan.modes.map((m) => merge(repo.sets, m.sets));
    for (const mode of plan.modes) {
      const fill = new Map(merged.toReversed().flatMap((m) => [...m]));
      const tree = convertMode(repo.sets, mode, lines, report, { usages, descriptions, fill });
      files.set(layout.files.get(mode.name)!, toJsonText(tree.root));
    }
    report.collections.push({ name: plan.name, modes: plan.modes.map((m) => ({ name: m.name, sets: m.sets })) });
  });
  const resolver = renderResolver(layouts);
  const bindings = bindingsOf(repo, collections);
  if (bindings) addBindings(resolver, bindings, (name) => layouts.find((l) => l.collection.name === name)!.slug);
  files.set(RESOLVER_FILE, toJsonText(resolver));
  report.written = [...files.keys()];
  return bindings ? { files, report, bindings } : { files, report };
}

/** tokensync's layout (src/tokens/render.ts `layoutOf`): `<collection slug>/<mode slug>.tokens.json`. */
function layoutsOf(collections: readonly CollectionPlan[]): CollectionLayout[] {
  const slugs = uniqueSlugs(collections.map((c) => c.name));
  return collections.map((plan, i) => {
    const collection: Collection = {
      name: plan.name,
      modes: plan.modes.map((m) => ({ name: m.name })),
      defaultMode: plan.modes[0]!.name,
    };
    const modeSlugs = uniqueSlugs(plan.modes.map((m) => m.name));
    const files = new Map<string, string>();
    const contexts = new Map<string, string>();
    plan.modes.forEach((m, j) => {
      files.set(m.name, `${slugs[i]}/${modeSlugs[j]}.tokens.json`);
      contexts.set(m.name, modeSlugs[j]!);
    });
    return { collection, slug: slugs[i]!, files, contexts };
  });
}

/** Token path -> description, over the given sets in order (later sets win, as in the merge). */
function descriptionsOf(repo: StudioRepo, sets: readonly string[]): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const name of sets)
    for (const t of repo.sets.find((s) => s.name === name)?.tokens ?? []) out.set(t.path.join('.'), t.description);
  return out;
}
