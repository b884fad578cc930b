/**
 * direct.ts claims that running Style Dictionary's transforms and formats without its per-platform
 * pipeline gives exactly what the pipeline gives (docs/build.md "How the outputs are made"). This
 * checks the claim against the real pipeline (Style Dictionary's formatPlatform) for every one of
 * our platforms over the fixture, so a Style Dictionary upgrade that changes the pipeline's
 * semantics (a transitive transform, a new token field a format reads) fails here, not in a user's
 * output.
 */
import StyleDictionary from 'style-dictionary';
import { describe, expect, test } from 'vitest';
import { formatDirect } from '../../src/codegen/direct.js';
import { compositesOf } from '../../src/codegen/index.js';
import type { FormatContext } from '../../src/codegen/formats/common.js';
import { planPlatforms } from '../../src/codegen/platforms.js';
import { transforms } from '../../src/codegen/transforms.js';
import { buildTree, EXT } from '../../src/codegen/tree.js';
import { planViews } from '../../src/codegen/views.js';
import { fixtureConfig, fixtureSet } from './fixture.js';

describe("direct formatting equals Style Dictionary's pipeline", async () => {
  const set = fixtureSet();
  const config = fixtureConfig();
  const views = planViews(set, config);
  const ctx: FormatContext = { views, viewByKey: new Map(views.map((v) => [v.key, v])), composites: compositesOf(set) };
  const plan = planPlatforms(config.platforms, config, ctx, 16);

  const direct = new Map(
    (await formatDirect(buildTree(set, views, { remBase: 16 }), plan.platforms, plan.formats)).map((o) => [
      o.destination,
      o.output,
    ]),
  );

  const tree = buildTree(set, views, { remBase: 16 });
  // Our transforms and formats read each token's meta, which the tree keeps beside the tokens
  // (tree.ts `meta`); the pipeline gets it inline, where direct.ts puts it.
  const inline = (node: Record<string, unknown>, path: string[]): void => {
    for (const [k, child] of Object.entries(node)) {
      if (typeof child !== 'object' || child === null) continue;
      const c = child as Record<string, unknown>;
      if ('$value' in c) c['$extensions'] = { [EXT]: tree.meta.get(c) };
      else inline(c, [...path, k]);
    }
  };
  inline(tree.tokens as Record<string, unknown>, []);
  const sd = new StyleDictionary(
    {
      usesDtcg: true,
      platforms: plan.platforms,
      hooks: { transforms, formats: plan.formats },
      log: { verbosity: 'silent' },
    },
    { init: false },
  );
  sd.tokens = tree.tokens as typeof sd.tokens;
  await sd.init();

  for (const name of Object.keys(plan.platforms)) {
    test(`platform ${name}`, async () => {
      const outputs = await sd.formatPlatform(name);
      expect(outputs.length).toBeGreaterThan(0);
      for (const { destination, output } of outputs) {
        expect(direct.get(String(destination)), String(destination)).toBe(output);
      }
    });
  }
});
