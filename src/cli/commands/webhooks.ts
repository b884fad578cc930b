/**
 * `tokensync webhooks serve|register|list|delete`: keep the repository pulled as the design file
 * changes. `serve` runs the HTTPS receiver and pulls on each FILE_UPDATE of the synced file;
 * `register` creates a FILE_UPDATE webhook for a team (the passcode comes from env:/file:, never the
 * command line, so it stays out of shell history and process lists).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config/load.js';
import { resolveSecret } from '../../config/secrets.js';
import { TokensyncError } from '../../errors.js';
import { connect } from '../../service/connect.js';
import { codeNamesOption } from '../code-names.js';
import { runSync } from '../../sync/apply.js';
import { startWebhookReceiver } from '../../webhooks/receiver.js';
import { requireProject } from '../project.js';
import { EXIT, type CommandContext, type ExitCode } from '../context.js';
import { formatError } from '../format-error.js';

export type WebhooksOptions =
  | { action: 'serve'; port: string; host: string; cert?: string; key?: string; passcode: string }
  | { action: 'register'; team: string; endpoint: string; passcode: string; description?: string }
  | { action: 'list'; team: string }
  | { action: 'delete'; id: string };

export async function run(options: WebhooksOptions, ctx: CommandContext): Promise<ExitCode> {
  const loaded = loadConfig({ cwd: ctx.cwd, configPath: ctx.global.config });
  requireProject(loaded.file, ctx.cwd);
  const secret = (ref: string, key: string): string => resolveSecret(ref, { key, root: loaded.root, env: ctx.env });
  const connection = await connect(loaded, { env: ctx.env });
  try {
    switch (options.action) {
      case 'serve': {
        if (!options.cert || !options.key) {
          throw new TokensyncError(
            'WEBHOOK_TLS_MISSING',
            'webhooks serve needs a TLS certificate and key (--cert FILE --key FILE).',
            {
              hint: 'The service delivers events only to HTTPS endpoints. Use the certificate of the host the webhook points at (PEM files).',
            },
          );
        }
        const read = (file: string, flag: string): string => {
          try {
            return readFileSync(path.resolve(ctx.cwd, file), 'utf8');
          } catch (cause) {
            throw new TokensyncError('WEBHOOK_TLS_UNREADABLE', `${flag} ${file} cannot be read.`, {
              hint: 'Pass a readable PEM file.',
              cause,
            });
          }
        };
        const receiver = await startWebhookReceiver({
          port: Number(options.port),
          host: options.host,
          tls: { cert: read(options.cert, '--cert'), key: read(options.key, '--key') },
          passcode: secret(options.passcode, '--passcode'),
          fileKey: connection.fileKey,
          onFileUpdate: async () => {
            const outcome = await runSync({
              mode: 'pull',
              root: loaded.root,
              config: loaded.config,
              client: connection.client,
              fileKey: connection.fileKey,
              codeNames: await codeNamesOption(loaded.config),
            });
            if (outcome.kind === 'conflicts')
              ctx.out.warn(
                `pull stopped on ${outcome.diff.conflicts.length} conflict(s); run \`tokensync diff\` to see them.`,
              );
            else if (outcome.kind === 'applied')
              ctx.out.info(
                `pulled: ${outcome.files.written.length} file(s) written, ${outcome.files.removed.length} removed`,
              );
          },
          onEvent: (e) =>
            ctx.out.info(
              `event ${e.type}${e.fileKey ? ` for ${e.fileKey}` : ''}: ${e.action}${e.reason ? ` (${e.reason})` : ''}`,
            ),
          onError: (err) => ctx.out.warn(formatError(err, { verbose: false }).replace(/^error: /, 'pull failed: ')),
        });
        ctx.out.line(JSON.stringify({ url: receiver.url, fileKey: connection.fileKey }));
        await ctx.interrupted;
        await receiver.close();
        return EXIT.ok;
      }
      case 'register': {
        const hook = await connection.client.createWebhook({
          event_type: 'FILE_UPDATE',
          team_id: options.team,
          endpoint: options.endpoint,
          passcode: secret(options.passcode, '--passcode'),
          ...(options.description ? { description: options.description } : {}),
        });
        ctx.out.result(`Registered webhook ${hook.id} (${hook.event_type}, ${hook.status}) -> ${hook.endpoint}`, hook);
        return EXIT.ok;
      }
      case 'list': {
        const hooks = await connection.client.listWebhooks(options.team);
        const rows = hooks.map((h) => `${h.id}  ${h.event_type.padEnd(20)} ${h.status.padEnd(7)} ${h.endpoint}`);
        ctx.out.result(rows.length > 0 ? rows.join('\n') : `No webhooks for team ${options.team}.`, hooks);
        return EXIT.ok;
      }
      case 'delete': {
        await connection.client.deleteWebhook(options.id);
        ctx.out.result(`Deleted webhook ${options.id}.`, { deleted: options.id });
        return EXIT.ok;
      }
    }
  } finally {
    await connection.close();
  }
}
