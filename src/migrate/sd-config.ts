/**
 * A Style Dictionary `config.json` into tokensync's build settings (docs/migration.md "Style
 * Dictionary config"): each platform's transform group or name picks a tokensync platform, a prefix
 * shared by every platform is `build.prefix`, and a `buildPath` shared by all (up to the platform's
 * own folder) is `build.outDir`. Everything else is listed in the report. A `config.js` is never run.
 */
import type { ReportLine } from './report.js';

const PLATFORM: Record<string, string> = {
  css: 'css',
  scss: 'scss',
  less: 'scss',
  js: 'ts',
  javascript: 'ts',
  ts: 'ts',
  json: 'json',
  ios: 'ios',
  'ios-swift': 'ios',
  'ios-swift-separate': 'ios',
  android: 'android',
  compose: 'compose',
  tailwind: 'tailwind',
};

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface BuildSuggestion {
  platforms: string[];
  prefix?: string;
  outDir?: string;
}

export function mapConfig(file: string, config: unknown, lines: ReportLine[]): BuildSuggestion | undefined {
  if (!isObj(config) || !isObj(config['platforms'])) return undefined;
  const platforms = new Set<string>();
  const prefixes = new Set<string>();
  const paths = new Set<string>();
  for (const [name, p] of Object.entries(config['platforms'])) {
    if (!isObj(p)) continue;
    const group = typeof p['transformGroup'] === 'string' ? p['transformGroup'] : name;
    const ours = PLATFORM[group] ?? PLATFORM[name];
    const at = `platforms.${name}`;
    if (ours) platforms.add(ours);
    else
      lines.push({
        file,
        path: at,
        message: `transform group "${group}" has no tokensync platform: not mapped; add it under build.styleDictionary.platforms to keep running it`,
      });
    if (typeof p['prefix'] === 'string') prefixes.add(p['prefix']);
    if (typeof p['buildPath'] === 'string') paths.add(p['buildPath'].replace(/\/?[^/]+\/?$/, '') || p['buildPath']);
    for (const key of Object.keys(p).filter((k) => !['transformGroup', 'prefix', 'buildPath'].includes(k)))
      lines.push({
        file,
        path: `${at}.${key}`,
        message: `${JSON.stringify(p[key]).slice(0, 120)}: no tokensync setting; tokensync picks its own files and formats per platform (docs/build.md)`,
      });
  }
  const out: BuildSuggestion = { platforms: [...platforms] };
  if (prefixes.size === 1) out.prefix = [...prefixes][0]!;
  else if (prefixes.size > 1)
    lines.push({
      file,
      path: 'platforms',
      message: `prefixes differ by platform (${[...prefixes].join(', ')}); build.prefix is one for all`,
    });
  if (paths.size === 1) out.outDir = [...paths][0]!.replace(/\/$/, '');
  else if (paths.size > 1)
    lines.push({
      file,
      path: 'platforms',
      message: `build paths differ (${[...paths].join(', ')}); build.outDir is one folder`,
    });
  for (const key of Object.keys(config).filter((k) => !['source', 'platforms', 'include'].includes(k)))
    lines.push({ file, path: key, message: 'not mapped: no tokensync setting' });
  return out;
}

/** The suggestion as the `build:` section of config/tokensync.yaml. */
export function suggestionYaml(s: BuildSuggestion): string {
  const rows = ['build:'];
  if (s.outDir) rows.push(`  outDir: ${s.outDir}`);
  if (s.platforms.length > 0) rows.push(`  platforms: [${s.platforms.join(', ')}]`);
  if (s.prefix) rows.push(`  prefix: ${s.prefix}`);
  return rows.join('\n');
}
