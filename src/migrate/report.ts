/**
 * The report of an import (docs/migration.md "The report"): what mapped where, what was resolved, and
 * what needs a person, each line with its source file and JSON path. Nothing an import leaves out is
 * left out without a line here (docs/architecture.md "Invariants": never lose a value in silence).
 */

/** One line of the report about one token or one setting of the source. */
export interface ReportLine {
  /** The source file, relative to the folder that was imported. */
  file: string;
  /** Dotted JSON path inside that file (`size.25`, `$themes[2]`); empty for the whole file. */
  path: string;
  message: string;
}

export interface ImportReport {
  source: 'tokens-studio' | 'style-dictionary';
  /** Files written, relative to the output folder, in writing order. */
  written: string[];
  /** Collections made: name, modes and the source sets each mode merged. */
  collections: { name: string; modes: { name: string; sets: string[] }[] }[];
  /** Source type -> DTCG type -> count. */
  types: Record<string, Record<string, number>>;
  /** Values computed by the import (math, color modifiers), the original kept in `$extensions`. */
  resolved: ReportLine[];
  /** Values or settings the import could not carry over exactly; each kept where the line says. */
  needsPerson: ReportLine[];
  /** Notes that change nothing (a set in no theme, a kept setting). */
  notes: ReportLine[];
  /** Style Dictionary: the build settings its config maps to (./sd-config.ts). */
  build?: { platforms: string[]; prefix?: string; outDir?: string };
}

export function emptyReport(source: ImportReport['source']): ImportReport {
  return { source, written: [], collections: [], types: {}, resolved: [], needsPerson: [], notes: [] };
}

export function countType(report: ImportReport, from: string, to: string): void {
  const row = report.types[from] ?? {};
  row[to] = (row[to] ?? 0) + 1;
  report.types[from] = row;
}

export function totalTokens(report: ImportReport): number {
  let n = 0;
  for (const row of Object.values(report.types)) for (const c of Object.values(row)) n += c;
  return n;
}

const where = (l: ReportLine): string => (l.path ? `${l.file} ${l.path}` : l.file);

/**
 * What the project needs before `check` reads the import: `config` false when no
 * `config/tokensync.yaml` was found (the import works without one; `check` does not), `tokensDir` the
 * folder the config's `tokens.dir` names (shown like `outDir`).
 */
export interface NextStep {
  config: boolean;
  tokensDir: string;
}

/** The closing line: the next command that works in this project (docs/migration.md "The report"). */
export function nextStep(written: number, outDir: string, project: NextStep): string {
  const head = `Wrote ${written} files. Next:`;
  if (!project.config) {
    const dir = outDir === 'tokens' ? '' : `, then set tokens.dir to ${outDir} in the config it writes`;
    return `${head} tokensync init (there is no config/tokensync.yaml yet)${dir}, then tokensync check, then tokensync build or push.`;
  }
  if (project.tokensDir !== outDir)
    return `${head} set config key tokens.dir to ${outDir} (it is ${project.tokensDir}), then tokensync check, then tokensync build or push.`;
  return `${head} tokensync check, then tokensync build or push.`;
}

/** The report as terminal text: one line per item, counts per type, the totals last. */
export function renderReport(
  report: ImportReport,
  outDir: string,
  project: NextStep = { config: true, tokensDir: outDir },
): string {
  const out: string[] = [];
  out.push(`Imported ${totalTokens(report)} tokens from ${report.source} into ${outDir}/:`);
  for (const c of report.collections) {
    out.push(`  collection "${c.name}": ${c.modes.map((m) => `${m.name} (${m.sets.join(', ')})`).join('; ')}`);
  }
  out.push('Types:');
  for (const [from, row] of Object.entries(report.types).sort(([a], [b]) => a.localeCompare(b))) {
    const to = Object.entries(row)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ');
    out.push(`  ${from} -> ${to}`);
  }
  const section = (title: string, lines: ReportLine[]): void => {
    if (lines.length === 0) return;
    out.push(`${title} (${lines.length}):`);
    for (const l of lines) out.push(`  ${where(l)}: ${l.message.replaceAll('\n', '\n    ')}`);
  };
  section('Resolved', report.resolved);
  section('Needs a person', report.needsPerson);
  section('Notes', report.notes);
  out.push(nextStep(report.written.length, outDir, project));
  return out.join('\n');
}
