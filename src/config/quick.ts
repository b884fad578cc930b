/**
 * The config loader of the `check` fast path (check under 0.5 s including Node start).
 * Loading `yaml` and zod costs ~90-120 ms at every start, for a config that is typically a handful of
 * `key: value` lines. So the plain case is read here without either:
 *
 * - no config file: the defaults (`defaultConfig`, equal to `configSchema.parse({})`, tested);
 * - a file in a small, unambiguous subset of YAML (top-level sections holding `key: scalar` lines,
 *   comments, blank lines) whose every key is known and every value plainly valid: read here;
 * - anything else (a list, a nested map, flow style, anchors, an unknown key, a value that may be
 *   invalid or that YAML would read as another type): the full loader (load.ts), so every error keeps
 *   its file:line:column, key and fix exactly as before. This path never reports an error itself.
 *
 * The subset is conservative on purpose: a value is accepted only when YAML 1.2 (core schema, what
 * `yaml` uses) reads it as the same string, number or boolean, and zod would accept it unchanged.
 */
import { readTextFileSync } from '../fs/read.js';
import path from 'node:path';
import { findConfig, rootOf, type LoadedConfig } from './find.js';
import { PLATFORMS } from './lists.js';
import type { Config } from './schema.js';

/** `configSchema.parse({})` without zod, in the schema's key order (a test keeps them equal). */
export function defaultConfig(): Config {
  return configFrom({ service: {}, tokens: {}, build: {}, sync: {} });
}

type Section = 'service' | 'tokens' | 'build' | 'sync';
type Values = Record<Section, Record<string, Scalar | undefined>> & { $schema?: string };

/** The config zod would give for these (valid) values: defaults filled in, keys in the schema's order. */
function configFrom(v: Values): Config {
  const {
    service: s,
    tokens: t,
    build: b,
    sync: y,
  } = v as unknown as {
    service: Partial<Config['service']>;
    tokens: Partial<Config['tokens']>;
    build: Partial<Config['build']>;
    sync: Partial<Config['sync']>;
  };
  return {
    ...(v.$schema === undefined ? {} : { $schema: v.$schema }),
    service: {
      url: s.url ?? 'local',
      api: s.api ?? 'dfs',
      fileKey: s.fileKey ?? 'demo',
      token: s.token ?? 'env:DFS_TOKEN',
      ...(s.caFile === undefined ? {} : { caFile: s.caFile }),
      timeoutMs: s.timeoutMs ?? 30_000,
      maxRetries: s.maxRetries ?? 4,
      retryBudgetSeconds: s.retryBudgetSeconds ?? 60,
      seed: s.seed ?? 'repository',
    },
    tokens: {
      dir: t.dir ?? 'tokens',
      namespace: t.namespace ?? 'none',
      rules: [],
      typesFromScopes: t.typesFromScopes ?? true,
      remBase: t.remBase ?? 16,
    },
    build: {
      outDir: b.outDir ?? 'build',
      platforms: [...PLATFORMS],
      prefix: b.prefix ?? '',
      selector: b.selector ?? '[data-{collection}="{mode}"]',
      webNamesFromCodeSyntax: b.webNamesFromCodeSyntax ?? false,
      // A nested map: a config that sets it goes through the full loader.
      names: {},
      modes: {},
      contexts: {},
      styleDictionary: { platforms: {} },
    },
    // A nested map: a config that sets it goes through the full loader.
    sync: { deleteOrphans: y.deleteOrphans ?? false, codeSyntax: { WEB: false, iOS: false, ANDROID: false } },
    // Styles have nested keys, so a config that sets any goes through the full loader.
    styles: {
      pull: false,
      text: { file: 'styles/text.tokens.json', group: 'typography' },
      effect: { file: 'styles/effect.tokens.json', group: 'shadow' },
      fill: { file: 'styles/paint.tokens.json', group: 'paint' },
      grid: { file: 'styles/grid.tokens.json', group: 'grid' },
    },
  };
}

/** Like `loadConfig` (load.ts), with the same results and errors; fast for a plain config. */
export async function loadConfigQuick(options: {
  cwd: string;
  configPath?: string | undefined;
}): Promise<LoadedConfig> {
  const file = options.configPath ? path.resolve(options.cwd, options.configPath) : findConfig(options.cwd);
  if (!file) return { config: defaultConfig(), root: path.resolve(options.cwd), file: undefined };
  let config: Config | undefined;
  try {
    const text = readTextFileSync(file);
    config = text === undefined ? undefined : quickParseConfig(text);
  } catch {
    config = undefined; // missing or unreadable: the full loader says so
  }
  if (config) return { config, root: rootOf(file), file };
  return (await import('./load.js')).loadConfig(options);
}

type Scalar = string | number | boolean;
type Check = (v: Scalar) => boolean;

const str: Check = (v) => typeof v === 'string';
const nonEmpty: Check = (v) => typeof v === 'string' && v.length > 0;
/** The schema's rules for the keys this path accepts (schema.ts); any other key goes to the full loader. */
const KEYS: Record<Section, Record<string, Check>> = {
  service: {
    url: (v) => v === 'local' || (typeof v === 'string' && /^https:\/\/[^\s]+$/.test(v)),
    api: (v) => v === 'dfs' || v === 'figma',
    fileKey: nonEmpty,
    token: (v) => typeof v === 'string' && /^(env|file):.+$/.test(v),
    caFile: nonEmpty,
    timeoutMs: (v) => Number.isSafeInteger(v) && (v as number) > 0,
    maxRetries: (v) => Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= 10,
    retryBudgetSeconds: (v) => typeof v === 'number' && v >= 0,
    seed: (v) => v === 'repository' || v === 'demo',
  },
  tokens: {
    dir: nonEmpty,
    namespace: (v) => v === 'none' || v === 'collection',
    typesFromScopes: (v) => typeof v === 'boolean',
    remBase: (v) => typeof v === 'number' && v > 0,
  },
  build: { outDir: nonEmpty, prefix: str, selector: nonEmpty, webNamesFromCodeSyntax: (v) => typeof v === 'boolean' },
  sync: { deleteOrphans: (v) => typeof v === 'boolean' },
};

const LINE = /^( *)([A-Za-z$][A-Za-z0-9_$]*):(?: +(.*))?$/;
/** A plain scalar YAML reads as a string: no indicator first, no space, `#`, quote or flow character. */
const PLAIN_STRING = /^(?:[A-Za-z_$/]|\.[./])[A-Za-z0-9_./:@+=%$-]*$/;
/** YAML 1.2 core-schema words that are not strings (and anything ending in `:` is not a plain value). */
const NOT_STRING = /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE)$|:$/;
const NUMBER = /^[0-9]+(?:\.[0-9]+)?$/;
/**
 * Letters and digits opening with a digit (a file key such as `9hIslfDC4CDyC6IRvacGm7`): a string
 * unless YAML's core schema reads it as a number (`1e5`, `0x1F`, `0o7`).
 */
const DIGIT_STRING = /^[0-9][A-Za-z0-9]*$/;
const CORE_NUMBER = /^(?:[0-9]+(?:[eE][0-9]+)?|0x[0-9a-fA-F]+|0o[0-7]+)$/;

/** The value part of `key: value  # comment`, or undefined when it is outside the subset. */
function scalar(rest: string): Scalar | undefined {
  const m = /^("[^"\\]*"|'[^']*'|[^\s'"]+)(?: +#.*| *)$/.exec(rest);
  if (!m) return undefined;
  const v = m[1]!;
  if (v.startsWith('"') || v.startsWith("'")) return v.slice(1, -1);
  if (v === 'true' || v === 'True' || v === 'TRUE') return true;
  if (v === 'false' || v === 'False' || v === 'FALSE') return false;
  if (NUMBER.test(v)) return Number(v);
  if (DIGIT_STRING.test(v)) return CORE_NUMBER.test(v) ? undefined : v;
  return PLAIN_STRING.test(v) && !NOT_STRING.test(v) ? v : undefined;
}

/** The config, when the text is in the subset and valid; undefined means "ask the full loader". */
export function quickParseConfig(text: string): Config | undefined {
  if (/[\t\r\ufeff]/.test(text)) return undefined;
  const values: Values = { service: {}, tokens: {}, build: {}, sync: {} };
  const seen = new Set<string>();
  let section: Section | undefined;
  let sectionKeys = new Set<string>();
  let indent = 0;
  for (const line of text.split('\n')) {
    if (/^ *(?:#.*)?$/.test(line)) continue;
    const m = LINE.exec(line);
    if (!m) return undefined;
    const [, spaces, key, rest = ''] = m as unknown as [string, string, string, string | undefined];
    const hasValue = rest !== '' && !rest.startsWith('#');
    if (spaces.length === 0) {
      if (section && sectionKeys.size === 0) return undefined; // `tokens:` alone is null in YAML
      if (seen.has(key)) return undefined;
      seen.add(key);
      section = undefined;
      if (key === '$schema' && hasValue) {
        const v = scalar(rest);
        if (typeof v !== 'string') return undefined;
        values.$schema = v;
        continue;
      }
      if (hasValue || !(key === 'service' || key === 'tokens' || key === 'build' || key === 'sync')) return undefined;
      section = key;
      sectionKeys = new Set();
      indent = 0;
      continue;
    }
    if (!section || !hasValue) return undefined;
    if (indent === 0) indent = spaces.length;
    if (spaces.length !== indent || sectionKeys.has(key)) return undefined;
    sectionKeys.add(key);
    const check = Object.hasOwn(KEYS[section], key) ? KEYS[section][key] : undefined;
    const v = scalar(rest);
    if (!check || v === undefined || !check(v)) return undefined;
    values[section][key] = v;
  }
  if (section && sectionKeys.size === 0) return undefined;
  return configFrom(values);
}
