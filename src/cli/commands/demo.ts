/**
 * `npm start` on a fresh clone: the whole loop against the embedded local service, no account needed.
 * Pull the demo file's variables (and, with `styles.pull`, its styles) into tokens/, show
 * that the repository and the service are in step, and build every platform into build/.
 */
import path from 'node:path';
import { loadConfig } from '../../config/load.js';
import { connect } from '../../service/connect.js';
import { codeNamesOption } from '../code-names.js';
import { runSync } from '../../sync/apply.js';
import { readTokens } from '../../tokens/index.js';
import { stylesDiffer } from '../../styles/report.js';
import { withStyleTokens } from '../../styles/read.js';
import { EXIT, type CommandContext, type ExitCode } from '../context.js';

export async function run(_options: unknown, ctx: CommandContext): Promise<ExitCode> {
  const loaded = loadConfig({ cwd: ctx.cwd, configPath: ctx.global.config });
  const { config, root } = loaded;
  const connection = await connect(loaded, { env: ctx.env });
  const lines: string[] = [];
  try {
    ctx.out.info(`1. pull from ${connection.label}`);
    const pulled = await runSync({
      mode: 'pull',
      root,
      config,
      client: connection.client,
      fileKey: connection.fileKey,
      codeNames: await codeNamesOption(config),
    });
    if (pulled.kind === 'conflicts') {
      ctx.out.result(
        `The demo tokens conflict with the local service (${pulled.diff.conflicts.length} conflict(s)); run \`tokensync diff\` to see them.`,
        pulled,
      );
      return EXIT.conflicts;
    }
    const written = pulled.kind === 'applied' ? pulled.files.written.length : 0;
    lines.push(
      `pull: ${written === 0 ? 'tokens/ already matches the design file' : `wrote ${written} file(s) under ${config.tokens.dir}/`}`,
    );

    ctx.out.info('2. diff (repository vs service vs lock)');
    const diffed = await runSync({
      mode: 'diff',
      root,
      config,
      client: connection.client,
      fileKey: connection.fileKey,
      codeNames: await codeNamesOption(config),
    });
    const inStep =
      diffed.kind === 'planned' &&
      diffed.plan.requests.length === 0 &&
      diffed.files.written.length === 0 &&
      !(diffed.styles !== undefined && stylesDiffer(diffed.styles));
    lines.push(`diff: ${inStep ? 'in step, nothing to push or pull' : 'changes found (run `tokensync diff`)'}`);
  } finally {
    await connection.close();
  }

  ctx.out.info('3. build every platform');
  const { set: variables } = await readTokens(root, config.tokens);
  // The style tokens are built with the variables, as `tokensync build` does.
  const set = await withStyleTokens(root, config.tokens, variables);
  const { buildTokens, writeBuild } = await import('../../codegen/index.js');
  // The docs page's title as `tokensync build` writes it, so a build after the demo changes nothing.
  const { buildSource } = await import('./build-once.js');
  const output = await buildTokens(set, config.build, {
    remBase: config.tokens.remBase,
    namespace: config.tokens.namespace,
    source: await buildSource(root, config.tokens),
  });
  const outDir = path.join(root, config.build.outDir);
  await writeBuild(outDir, output);
  lines.push(`build: ${output.files.size} file(s) in ${config.build.outDir}/ (${config.build.platforms.join(', ')})`);
  for (const w of output.warnings) ctx.out.warn(w);

  const counts = variables.collections.map(
    (c) =>
      `${c.name} (${set.variables.filter((v) => v.collection === c.name).length} variables; modes ${c.modes.map((m) => m.name).join(', ')})`,
  );
  const styleCounts = set.collections
    .filter((c) => !variables.collections.some((v) => v.name === c.name))
    .map((c) => `${c.name} (${(set.tokens ?? []).filter((t) => t.collection === c.name).length})`);
  lines.push(
    '',
    `collections: ${counts.join('; ')}`,
    ...(styleCounts.length > 0 ? [`styles: ${styleCounts.join('; ')}`] : []),
    `open ${path.join(config.build.outDir, 'docs', 'index.html')} to browse every token in every mode.`,
    'Edit a file under tokens/ and run `npx tokensync diff` to see the plan, `npx tokensync push` to apply it.',
  );
  ctx.out.result(lines.join('\n'), { collections: counts, styles: styleCounts, files: [...output.files.keys()] });
  return EXIT.ok;
}
