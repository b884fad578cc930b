/**
 * Collects every token document the conformance suite (test/conformance/*.test.ts) writes, without
 * copying them: each test file is transpiled and run with its harness calls (`diagnose`, `model`,
 * `parseAs`) recording their input instead of checking it, and with vitest's `expect` made inert.
 * So a rule added to the conformance suite joins the differential test on its own.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import ts from '@typescript/typescript6';

export interface Doc {
  /** Where it was written: test file and the `describe > it` title. */
  origin: string;
  /** Token files by name (relative to tokens/); a string is the file's raw text. */
  files: Record<string, unknown>;
  /** 'valid' when the conformance test builds a model from it (so it must be clean); else either. */
  expected: 'valid' | 'either';
}

/** A value that accepts any property access, call or await (stands for vitest's `expect(...)` chain and model()'s result). */
const inert: unknown = new Proxy(function inert() {}, {
  get: (_t, key) => (key === 'then' ? undefined : key === Symbol.iterator ? [][Symbol.iterator].bind([]) : inert),
  apply: () => inert,
});

export async function harvest(testFile: string): Promise<Doc[]> {
  const source = await readFile(testFile, 'utf8');
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const docs: Doc[] = [];
  const titles: string[] = [];
  const its: { title: string; fn: () => unknown }[] = [];
  let current = '';
  const record = (files: Record<string, unknown>, expected: Doc['expected']): void => {
    docs.push({ origin: `${testFile.replace(/^.*test\//, 'test/')} > ${current}`, files, expected });
  };
  // types.test.ts's parseAs(type, value) is a one-token document; its ok()/refused() helpers say which.
  const typeDoc = (type: string, raw: unknown) => ({ 'a.tokens.json': { token: { $type: type, $value: raw } } });
  const harness = {
    diagnose: async (files: Record<string, unknown>) => (record(files, 'either'), ''),
    model: async (files: Record<string, unknown>) => (record(files, 'valid'), inert),
    tokensFolder: async (files: Record<string, unknown>) => (record(files, 'either'), ''),
    parseAs: (type: string, raw: unknown) => (
      record(typeDoc(type, raw), 'either'), { value: inert, refs: [], errors: [], warnings: [] }
    ),
  };
  const vitest = {
    describe: (title: string, fn: () => void) => {
      titles.push(title);
      fn();
      titles.pop();
    },
    it: (title: string, fn: () => unknown) => its.push({ title: [...titles, title].join(' > '), fn }),
    expect: inert,
  };
  const realRequire = createRequire(import.meta.url);
  const modules: Record<string, unknown> = { vitest, './harness.js': harness };
  for (const spec of [...js.matchAll(/require\("(\.\.\/\.\.\/src\/[^"]+)"\)/g)].map((m) => m[1]!)) {
    modules[spec] = await import(new URL(spec.replace(/^\.\.\/\.\.\//, '../../'), new URL(`file://${testFile}`)).href);
  }
  const exports = {};
  new Function('require', 'exports', 'module', js)(
    (id: string) => (id in modules ? modules[id] : realRequire(id)),
    exports,
    { exports },
  );
  for (const { title, fn } of its) {
    current = title;
    try {
      await fn();
    } catch {
      // The inert expect cannot hold the test's assertions; only the documents matter here.
    }
  }
  return docs;
}
