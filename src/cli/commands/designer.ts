/**
 * `tokensync designer set <variable> <value> [--mode M] [--collection C]`: play the designer on the
 * local service. It edits a variable in the design file
 * through the service's API, exactly as an edit in the design tool would arrive, so a following
 * `tokensync diff` / `pull` shows it as a change made in the design file. With `service.url: local`
 * (the default) that is the embedded service in .tokensync/; against a real service it refuses unless
 * --real is given, since it would change a file people work in.
 */
import { loadConfig } from '../../config/load.js';
import { TokensyncError } from '../../errors.js';
import { hexToColor } from '../../model/values.js';
import { connect } from '../../service/connect.js';
import type { WireValue, WireVariable } from '../../api/index.js';
import { EXIT, type CommandContext, type ExitCode } from '../context.js';
import { requireProject } from '../project.js';

export interface DesignerOptions {
  action: 'set';
  variable: string;
  value: string;
  mode?: string;
  collection?: string;
  real?: boolean;
}

export class DesignerError extends TokensyncError {
  override name = 'DesignerError';
}

export async function run(options: DesignerOptions, ctx: CommandContext): Promise<ExitCode> {
  const loaded = loadConfig({ cwd: ctx.cwd, configPath: ctx.global.config });
  requireProject(loaded.file, ctx.cwd);
  if (loaded.config.service.url !== 'local' && !options.real) {
    throw new DesignerError(
      'DESIGNER_REAL_SERVICE',
      `service.url is ${loaded.config.service.url}: \`designer set\` would edit the real design file.`,
      {
        hint: 'Make the edit in the design tool, or pass --real if you do mean to change the real file through its API.',
      },
    );
  }
  const connection = await connect(loaded, { env: ctx.env });
  try {
    const { meta } = await connection.client.getLocalVariables(connection.fileKey);
    const collections = Object.values(meta.variableCollections);
    const name = options.variable.replace(/\./g, '/');
    const candidates = Object.values(meta.variables).filter(
      (v) =>
        v.name === name &&
        (options.collection === undefined ||
          meta.variableCollections[v.variableCollectionId]?.name === options.collection),
    );
    if (candidates.length !== 1) {
      const where = candidates.map((v) => meta.variableCollections[v.variableCollectionId]?.name ?? '?').join(', ');
      throw new DesignerError(
        'DESIGNER_VARIABLE',
        candidates.length === 0
          ? `The design file has no variable named "${name}"${options.collection ? ` in collection "${options.collection}"` : ''}.`
          : `"${name}" exists in several collections (${where}).`,
        {
          hint:
            candidates.length === 0
              ? 'Use the variable name with / (color/blue/500) as `tokensync diff` shows it.'
              : 'Name the collection with --collection.',
        },
      );
    }
    const variable = candidates[0]!;
    const collection = collections.find((c) => c.id === variable.variableCollectionId)!;
    const mode =
      options.mode === undefined
        ? collection.modes.find((m) => m.modeId === collection.defaultModeId)
        : collection.modes.find((m) => m.name === options.mode);
    if (!mode) {
      throw new DesignerError('DESIGNER_MODE', `Collection "${collection.name}" has no mode "${options.mode}".`, {
        hint: `Use one of: ${collection.modes.map((m) => m.name).join(', ')}.`,
      });
    }
    const value = parseValue(options.value, variable, Object.values(meta.variables), meta.variableCollections);
    await connection.client.putVariables(connection.fileKey, {
      variables: [{ action: 'UPDATE', id: variable.id, variableModeValues: [{ modeId: mode.modeId, value }] }],
    });
    ctx.out.result(
      `Set ${collection.name}/${variable.name} (${mode.name}) to ${options.value} in ${connection.label}. \`tokensync diff\` now shows it as a change from the design file.`,
      {
        collection: collection.name,
        variable: variable.name,
        mode: mode.name,
        value,
      },
    );
    return EXIT.ok;
  } finally {
    await connection.close();
  }
}

function parseValue(
  text: string,
  v: WireVariable,
  all: WireVariable[],
  collections: Record<string, { name: string }>,
): WireValue {
  const alias = /^\{(.+)\}$/.exec(text.trim());
  if (alias) {
    const ref = alias[1]!.replace(/\./g, '/');
    const target = all.find((t) => t.name === ref || `${collections[t.variableCollectionId]?.name}/${t.name}` === ref);
    if (!target)
      throw new DesignerError('DESIGNER_VALUE', `The alias ${text} names no variable.`, {
        hint: 'Write it as {color/blue/500} or {primitives/color/blue/500}.',
      });
    return { type: 'VARIABLE_ALIAS', id: target.id };
  }
  const bad = (what: string): never => {
    throw new DesignerError('DESIGNER_VALUE', `"${text}" is not ${what}, which ${v.name} (${v.resolvedType}) holds.`, {
      hint: `Give ${what}, or an alias such as {color/blue/500}.`,
    });
  };
  switch (v.resolvedType) {
    case 'COLOR': {
      const c = hexToColor(text.trim());
      return c ? { r: c.r, g: c.g, b: c.b, a: c.a } : bad('a hex color (#rrggbb or #rrggbbaa)');
    }
    case 'FLOAT': {
      const n = Number(text);
      return text.trim() !== '' && Number.isFinite(n) ? n : bad('a number');
    }
    case 'BOOLEAN':
      return text === 'true' ? true : text === 'false' ? false : bad('true or false');
    case 'STRING':
      return text;
    default:
      return bad(`a value of a type tokensync does not know (${v.resolvedType})`);
  }
}
