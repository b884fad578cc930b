/**
 * A pull edits the team's files in place (docs/token-files.md "How a pull edits your files"): the real
 * CLI against the real local service over HTTPS. A hand-formatted file (tabs, CRLF, no final newline,
 * an inherited `$type`, one-line arrays and tokens, its own key order) is byte for byte the same after
 * push and pull; a change in the design file changes only that token's bytes; a collection read from
 * several files is written back file by file.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { createProject, pulledProject, type TestProject } from '../helpers/project.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.close();
});
beforeEach(async () => {
  await emu.admin.reset('demo');
  await emu.admin.clearRequests();
});

const LIGHT = 'tokens/semantic/light.tokens.json';
const run = (project: TestProject, ...args: string[]) => runCli(args, { cwd: project.root, env: project.env });

/** The pulled file as a team might keep it: the same tokens, another hand. */
function handFormatted(pulled: string): string {
  const json = JSON.parse(pulled);
  const color: Record<string, unknown> = { $type: 'color' };
  for (const [k, v] of Object.entries(json.color as Record<string, Record<string, unknown>>)) {
    const { $type: _, ...rest } = v;
    color[k] = rest;
  }
  json.color = color;
  const { $type, $value } = json.label.greeting;
  json.label.greeting = { $value, $type };
  return JSON.stringify(json, null, '\t')
    .replace(/"scopes": \[\s+"OPACITY"\s+\]/, '"scopes": ["OPACITY"]')
    .replace(/"danger": \{\s+"\$value": "\{color\.red\.500\}"\s+\}/, '"danger": { "$value": "{color.red.500}" }')
    .replace(/\n/g, '\r\n');
}

async function setDescription(name: string, description: string): Promise<void> {
  const vars = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta.variables;
  const id = Object.values(vars as Record<string, { id: string; name: string }>).find((v) => v.name === name)!.id;
  const put = await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
    body: { variables: [{ action: 'UPDATE', id, description }] },
  });
  expect(put.status).toBe(200);
}

describe('a pull edits the team files in place', () => {
  it('keeps a hand-formatted file byte for byte through push and pull, and changes only an edited token', async () => {
    const project = await pulledProject(emu);
    const hand = handFormatted(project.read(LIGHT));
    project.write(LIGHT, hand);
    const mtime = statSync(path.join(project.root, LIGHT)).mtimeMs;

    const pushed = await run(project, 'push');
    expect(pushed.stderr).toBe('');
    expect(pushed.code).toBe(0);
    const pulled = await run(project, 'pull');
    expect(pulled.code).toBe(0);
    expect(project.read(LIGHT)).toBe(hand);
    expect(statSync(path.join(project.root, LIGHT)).mtimeMs).toBe(mtime);

    await setDescription('color/danger', 'Errors');
    await setDescription('color/text', 'Body copy');
    expect((await run(project, 'pull')).code).toBe(0);
    expect(project.read(LIGHT)).toBe(
      hand
        .replace(
          '"danger": { "$value": "{color.red.500}" }',
          '"danger": { "$value": "{color.red.500}", "$description": "Errors" }',
        )
        .replace('"$description": "Body text"', '"$description": "Body copy"'),
    );
    expect((await run(project, 'check')).code).toBe(0);
  });

  it('takes a formatter rewrite (other indentation, other key order) as no change', async () => {
    const project = await pulledProject(emu);
    const sorted = (v: unknown): unknown =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .reverse()
              .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
          )
        : v;
    const formatted = `${JSON.stringify(sorted(JSON.parse(project.read(LIGHT))), null, 4)}\n`;
    project.write(LIGHT, formatted);

    const diff = await run(project, 'diff');
    expect(diff.code).toBe(0);
    expect(diff.stdout).not.toContain(`write  ${LIGHT}`);
    expect((await run(project, 'pull')).code).toBe(0);
    expect(project.read(LIGHT)).toBe(formatted);
  });

  it('writes each token of a folder without a resolver back to the file that holds it, a new one beside its group', async () => {
    await emu.admin.reset('empty');
    const project = createProject(emu);
    project.write(
      'tokens/color.tokens.json',
      '{\n  "color": {\n    "$type": "color",\n    "ink": { "$value": "#111111" },\n    "paper": { "$value": "#fafafa" }\n  }\n}\n',
    );
    project.write(
      'tokens/size.tokens.json',
      '{\n  "size": {\n    "$type": "number",\n    "gap": { "$value": 8 }\n  }\n}\n',
    );
    const pushed = await run(project, 'push', '--prefer', 'repo');
    expect(pushed.stderr).toBe('');
    expect(pushed.code).toBe(0);
    const before = project.snapshotTokens();

    const vars = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta;
    const collection = Object.values(vars.variableCollections as Record<string, { id: string; name: string }>).find(
      (c) => c.name === 'Tokens',
    )!;
    const gap = Object.values(vars.variables as Record<string, { id: string; name: string }>).find(
      (v) => v.name === 'size/gap',
    )!;
    const modeId = (collection as unknown as { defaultModeId: string }).defaultModeId;
    const post = await emu.call('POST', `/v1/files/${emu.fileKey}/variables`, {
      body: {
        variables: [
          {
            action: 'CREATE',
            id: 'temp_1',
            name: 'size/pad',
            variableCollectionId: collection.id,
            resolvedType: 'FLOAT',
            initialModeValue: 4,
          },
        ],
      },
    });
    expect(post.status).toBe(200);
    const put = await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
      body: { variables: [{ action: 'UPDATE', id: gap.id, variableModeValues: [{ modeId, value: 12 }] }] },
    });
    expect(put.status).toBe(200);
    const pulled = await run(project, 'pull');
    expect(pulled.stderr).toBe('');
    expect(pulled.code).toBe(0);

    expect(project.read('tokens/color.tokens.json')).toBe(before.get('tokens/color.tokens.json'));
    expect(project.read('tokens/size.tokens.json')).toBe(
      '{\n  "size": {\n    "$type": "number",\n    "gap": { "$value": 12 },\n    "pad": { "$value": 4 }\n  }\n}\n',
    );
    expect(project.snapshotTokens().has('tokens/tokens.resolver.json')).toBe(false);
  });
});
