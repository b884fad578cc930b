/**
 * What the repository cites, a newcomer can open: no comment, doc or test cites an issue number, a
 * design document the repository does not hold (DESIGN.md) or a path outside it, and every cited
 * section (`docs/architecture.md "Apply"`, `README "Reliability"`) is a heading or a paragraph lead of
 * a page that exists. Where no section fits, a comment states the rule in its own words
 * (docs/architecture.md, opening paragraph). Pure: reads the files.
 */
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SELF = fileURLToPath(import.meta.url);

/** What is scanned: every file under these folders, and these files, relative to the repository. */
const SCANNED = ['src', 'test', 'bench', 'scripts', 'docs', 'bin', '.ci', '.github', 'README.md', 'action.yml'];

/**
 * Folders never scanned: installed packages (the real-world token sets are read from there,
 * test/realworld/README.md) and what tools write. Others' published files committed as test data
 * would go here too; none are committed today.
 */
const SKIPPED = new Set(['node_modules', '.git', 'test-artifacts', '.work']);

/** Each kind of citation a newcomer cannot follow, named as the failure lists it. */
const RULES: { name: string; pattern: RegExp }[] = [
  // "issue 12", "Issue #12", "issues 10 and 14", "issue-12".
  { name: 'an issue number', pattern: /\bissues?[ -]?#?\d+/i },
  // "(#12)", "see #12", "fixes #12", "PR #12"; a color such as "#000" stands in quotes or after a colon.
  { name: 'an issue number', pattern: /\(#\d+\)|\b(?:see|fixes|closes|resolves|PR|pull request)\s+#\d+/i },
  { name: 'a design document outside the repository', pattern: /\bDESIGN\.md\b/i },
  {
    name: 'a path outside the repository',
    pattern: /\.\.\/shared\/|\/work\/shared\b|(?<!docs\/spec\/)design-file-service-api\.md/,
  },
];

/** `rel` itself when it is a file, else every file below it (relative paths), skipping SKIPPED folders. */
function* files(rel: string): Generator<string> {
  const abs = path.join(ROOT, rel);
  let entries: Dirent[];
  try {
    entries = readdirSync(abs, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') yield rel;
    else if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    return;
  }
  for (const e of entries) {
    if (e.isDirectory() && !SKIPPED.has(e.name)) yield* files(path.join(rel, e.name));
    else if (e.isFile()) yield path.join(rel, e.name);
  }
}

/** Every line of every scanned text file (this file's own patterns left out), as `file:line` and text. */
function* lines(): Generator<{ at: string; line: string }> {
  for (const rel of SCANNED.flatMap((r) => [...files(r)])) {
    if (path.join(ROOT, rel) === SELF) continue;
    const text = readFileSync(path.join(ROOT, rel), 'utf8');
    if (text.includes('\0')) continue;
    const file = rel.split(path.sep).join('/');
    for (const [i, line] of text.split('\n').entries()) yield { at: `${file}:${i + 1}`, line };
  }
}

/** `file:line  what  "the text"`, for every line that breaks a rule. */
function citations(): string[] {
  const hits: string[] = [];
  for (const { at, line } of lines()) {
    for (const rule of RULES) {
      const m = rule.pattern.exec(line);
      if (m) hits.push(`${at}  ${rule.name}  "${m[0]}"`);
    }
  }
  return hits;
}

/** A cited section: `docs/<page>.md "Title"` or `README "Title"`. */
const SECTION = /(?<![\w/.-])(docs\/[\w-]+\.md|README(?:\.md)?)\s+"([^"]+)"/g;

const plain = (title: string): string =>
  title
    .replace(/[`*]/g, '')
    .trim()
    .replace(/[.:]+$/, '')
    .trim()
    .toLowerCase();

/**
 * The places a page offers to cite: its headings, and the lead of a paragraph or list item in bold
 * (`**Stale outputs.**`) or before a colon (`Grid styles:`). Undefined when the page does not exist.
 */
function placesIn(page: string): string[] | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(ROOT, page), 'utf8');
  } catch {
    return undefined;
  }
  const leads = [/^#{1,6}\s+(.+)$/, /^\s*(?:- |\d+\. )?\*\*(.+?)\*\*/, /^([A-Z][\w ,-]{2,40}):\s/];
  return text.split('\n').flatMap((line) => {
    const m = leads.map((re) => re.exec(line)).find((x) => x);
    return m ? [plain(m[1]!)] : [];
  });
}

/** Whether `title` names a place in `page`: the whole title or its start (`"Targets"`). */
const cites = (places: string[], title: string): boolean => places.some((p) => p.startsWith(plain(title)));

/** `file:line  the citation  why`, for every cited section its page does not have. */
function brokenSections(): string[] {
  const pages = new Map<string, string[] | undefined>();
  const hits: string[] = [];
  for (const { at, line } of lines()) {
    for (const [text, cited, title] of line.matchAll(SECTION)) {
      const page = cited!.startsWith('README') ? 'README.md' : cited!;
      if (!pages.has(page)) pages.set(page, placesIn(page));
      const places = pages.get(page);
      if (!places) hits.push(`${at}  ${text}  no such page`);
      else if (!cites(places, title!)) hits.push(`${at}  ${text}  no such heading or paragraph lead`);
    }
  }
  return hits;
}

describe('citations', () => {
  it('scans the source, the tests, the benchmarks, the scripts and the docs', () => {
    const scanned = SCANNED.flatMap((r) => [...files(r)]).map((f) => f.split(path.sep).join('/'));
    expect(scanned.length).toBeGreaterThan(300);
    expect(scanned).toContain('src/sync/apply.ts');
    expect(scanned).toContain('docs/architecture.md');
    expect(scanned).toContain('bench/results.mjs');
    expect(scanned).toContain('README.md');
  });

  it('finds what it looks for', () => {
    const hit = (line: string) => RULES.filter((r) => r.pattern.test(line)).map((r) => r.name);
    expect(hit('// Issue 12 "Done when": both dialects')).toEqual(['an issue number']);
    expect(hit(' * (issues 10 and 14)')).toEqual(['an issue number']);
    expect(hit('the fix (#42) landed')).toEqual(['an issue number']);
    expect(hit('see DESIGN.md "Apply"')).toEqual(['a design document outside the repository']);
    expect(hit('Design: `../shared/DESIGN.md`.')).toEqual([
      'a design document outside the repository',
      'a path outside the repository',
    ]);
    expect(hit('color: \'#000\', hex: "#0008", background: #123456;')).toEqual([]);
    expect(hit('docs/architecture.md "Apply": a POST is never replayed')).toEqual([]);
  });

  it('cites no issue number, no DESIGN.md and no path outside the repository', () => {
    const fix = 'cite a section under docs/ (docs/architecture.md "Apply") or state the rule in its own words';
    expect(citations(), fix).toEqual([]);
  });

  it('tells a cited section from one its page lacks', () => {
    const architecture = placesIn('docs/architecture.md')!;
    expect(cites(architecture, 'Apply')).toBe(true);
    expect(cites(architecture, 'Folders')).toBe(true);
    expect(cites(placesIn('docs/sync.md')!, 'Apply')).toBe(false);
    expect(cites(placesIn('docs/build.md')!, 'Stale outputs')).toBe(true);
    expect(cites(placesIn('docs/styles.md')!, 'Grid styles')).toBe(true);
    expect(placesIn('docs/nowhere.md')).toBeUndefined();
  });

  it('cites only sections that exist: a heading, or a paragraph lead, of a page that exists', () => {
    const fix = 'cite the heading as written in the page, or add the section the comment needs';
    expect(brokenSections(), fix).toEqual([]);
  });
});
