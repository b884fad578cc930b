/**
 * Which collections and modes an imported Tokens Studio repository becomes (docs/migration.md
 * "Themes"): Tokens Studio exports a theme group to the design file as one collection and each of its
 * themes as one mode whose variables are the tokens of the theme's `enabled` sets; `source` sets only
 * lend reference targets. tokensync keeps that shape, so the names match the variables Tokens Studio
 * made and the first push finds them. A set enabled in no theme is a one-mode collection of its own.
 */
import type { ReportLine } from './report.js';
import type { StudioRepo, StudioTheme } from './studio-repo.js';

export interface ModePlan {
  name: string;
  theme?: StudioTheme;
  /** Enabled sets, in `tokenSetOrder`: the tokens of this mode, later sets winning. */
  sets: string[];
  /** Enabled and source sets, in `tokenSetOrder`: what references in this mode resolve against. */
  scope: string[];
}

export interface CollectionPlan {
  name: string;
  modes: ModePlan[];
  figmaCollectionId?: string;
}

/** The mode name of a set that is a collection on its own (as tokensync names a one-mode collection). */
export const SINGLE_MODE = 'Value';

export function planCollections(repo: StudioRepo): { collections: CollectionPlan[]; notes: ReportLine[] } {
  const order = repo.sets.map((s) => s.name);
  const inOrder = (pick: (s: string) => boolean): string[] => order.filter(pick);
  const groups = new Map<string, StudioTheme[]>();
  for (const t of repo.themes) {
    const g = t.group ?? t.name;
    groups.set(g, [...(groups.get(g) ?? []), t]);
  }
  const collections: CollectionPlan[] = [];
  const used = new Set<string>();
  for (const [name, themes] of groups) {
    const modes = themes.map((theme) => {
      const sets = inOrder((s) => theme.sets[s] === 'enabled');
      for (const s of sets) used.add(s);
      return {
        name: theme.name,
        theme,
        sets,
        scope: inOrder((s) => ['enabled', 'source'].includes(theme.sets[s] ?? '')),
      };
    });
    const plan: CollectionPlan = { name, modes };
    const id = themes.find((t) => t.figmaCollectionId)?.figmaCollectionId;
    if (id) plan.figmaCollectionId = id;
    collections.push(plan);
  }
  const notes: ReportLine[] = [];
  for (const s of order) {
    if (used.has(s)) continue;
    collections.push({ name: s, modes: [{ name: SINGLE_MODE, sets: [s], scope: order }] });
    if (repo.themes.length > 0)
      notes.push({
        file: repo.themes[0]!.file,
        path: '',
        message: `set "${s}" is enabled in no theme: collection "${s}" of its own`,
      });
  }
  return { collections, notes };
}
