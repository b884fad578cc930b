/**
 * Checked against Figma's own document (docs/api-client.md "Dialects"): every request body tokensync
 * sends in the figma dialect, validated against the document's request schema with no field the document
 * does not name. The bodies are the ones the real client puts on the wire (captured at `writeVariables`
 * and `createWebhook`, after temp ids are mapped), in these scenarios: a fresh push, an edit (values, a
 * description, scopes), a rename, a delete (with --delete-orphans), and a webhook registration. Each push
 * is also applied by the local service, so the bodies are ones Figma's rules accept.
 */
import { cpSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type DesignFileClient, type VariablesWrite } from '../../src/api/index.js';
import { loadConfig } from '../../src/config/load.js';
import { runSync } from '../../src/sync/apply.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { createProject, type TestProject } from '../helpers/project.js';
import { checkRequest, type Mismatch } from './spec.js';

const FIXTURE = fileURLToPath(new URL('../e2e/fixtures/brand/', import.meta.url));

let emu: TestEmulator;
let client: DesignFileClient;
const sent: { method: string; path: string; body: unknown }[] = [];
beforeAll(async () => {
  emu = await startTestEmulator({ api: 'figma' });
  const real = createClient({ baseUrl: emu.url, ca: emu.ca, auth: { kind: 'token', token: emu.token }, api: 'figma' });
  // The real client; only its write calls are recorded on the way out.
  client = {
    ...real,
    dialect: real.dialect,
    writeVariables: (fileKey: string, request: VariablesWrite) => {
      sent.push({
        method: request.method,
        path: `/v1/files/${fileKey}/variables`,
        body: structuredClone(request.body),
      });
      return real.writeVariables(fileKey, request);
    },
    createWebhook: (body) => {
      sent.push({ method: 'POST', path: '/v2/webhooks', body: real.dialect.webhooks.createBody(body) });
      return real.createWebhook(body);
    },
  };
});
afterAll(async () => {
  await client.close();
  await emu.close();
});

async function push(project: TestProject, opts: { deleteOrphans?: boolean } = {}): Promise<void> {
  const loaded = loadConfig({ cwd: project.root });
  const outcome = await runSync({
    mode: 'push',
    root: loaded.root,
    config: loaded.config,
    client,
    fileKey: emu.fileKey,
    deleteOrphans: opts.deleteOrphans,
  });
  expect(outcome.kind).toBe('applied');
}
const edit = (project: TestProject, rel: string, change: (doc: any) => void): void => {
  const doc = JSON.parse(project.read(rel));
  change(doc);
  project.write(rel, `${JSON.stringify(doc, null, 2)}\n`);
};

describe('request bodies tokensync sends in the figma dialect', () => {
  it('match the document exactly: a fresh push (new collections and modes), edits, a rename, a delete, a webhook', async () => {
    await emu.admin.reset('empty');
    const project = createProject(emu);
    cpSync(FIXTURE, path.join(project.root, 'tokens'), { recursive: true });
    const scenario: string[] = [];
    const step = async (name: string, run: () => Promise<void>): Promise<void> => {
      const before = sent.length;
      await run();
      expect(sent.length, `${name} sends something`).toBeGreaterThan(before);
      scenario.push(name);
    };

    await step('fresh push', () => push(project));
    await step('edit values, a description and scopes', async () => {
      // Description and scopes are the variable's, so every mode file says the same.
      for (const mode of ['light', 'dark', 'high-contrast']) {
        edit(project, `tokens/theme/${mode}.tokens.json`, (d) => {
          d.surface.page.$description = 'The page';
          d.layout.gutter.$extensions['dev.tokensync'].scopes = ['GAP', 'WIDTH_HEIGHT'];
        });
      }
      edit(project, 'tokens/theme/light.tokens.json', (d) => {
        d.accent.$value = '{palette.neutral.950}';
      });
      edit(project, 'tokens/brand-primitives/default.tokens.json', (d) => {
        const first = Object.values(d.size as Record<string, { $value: unknown }>)[0]!;
        first.$value = { value: 3, unit: 'px' };
      });
      await push(project);
    });
    await step('rename', async () => {
      for (const mode of ['light', 'dark', 'high-contrast']) {
        edit(project, `tokens/theme/${mode}.tokens.json`, (d) => {
          d['accent-renamed'] = d['accent'];
          delete d['accent'];
          d['accent-on-page'].$value = '{accent-renamed}';
        });
      }
      await push(project);
    });
    await step('delete (--delete-orphans)', async () => {
      for (const mode of ['light', 'dark', 'high-contrast'])
        edit(project, `tokens/theme/${mode}.tokens.json`, (d) => delete d.surface.text);
      await push(project, { deleteOrphans: true });
    });
    await step('a webhook', async () => {
      await client.createWebhook({
        event_type: 'FILE_UPDATE',
        team_id: emu.teamId,
        endpoint: 'https://127.0.0.1:9/hook',
        passcode: 'pass-of-ours',
        description: 'tokens',
      });
    });
    expect(scenario).toHaveLength(5);

    const mismatches: Mismatch[] = [];
    for (const r of sent) {
      const m = checkRequest(r.method, r.path, r.body);
      if (m) mismatches.push(m);
    }
    expect(mismatches).toEqual([]);
    // The figma dialect writes with POST only: one per push here.
    expect(sent.filter((r) => r.path.endsWith('/variables')).map((r) => r.method)).toEqual([
      'POST',
      'POST',
      'POST',
      'POST',
    ]);
    expect(JSON.stringify(sent)).toContain('"action":"DELETE"');
  });

  it('the check can fail: a dfs body, or a field the document does not name, is refused', () => {
    expect(
      checkRequest('POST', '/v1/files/k/variables', {
        variables: [
          {
            action: 'CREATE',
            id: 't',
            name: 'a',
            variableCollectionId: 'c',
            resolvedType: 'FLOAT',
            initialModeValue: 1,
          },
        ],
      }),
    ).not.toBeNull();
    expect(
      checkRequest('POST', '/v1/files/k/variables', {
        variableModeValues: [{ variableId: 'v', modeId: 'm', value: 1, extra: true }],
      }),
    ).not.toBeNull();
    expect(
      checkRequest('POST', '/v2/webhooks', {
        event_type: 'FILE_UPDATE',
        team_id: 't',
        endpoint: 'https://x',
        passcode: 'p',
      }),
    ).not.toBeNull();
    expect(
      checkRequest('POST', '/v1/files/k/variables', {
        variableModeValues: [{ variableId: 'v', modeId: 'm', value: { r: 1, g: 0, b: 0, a: 1 } }],
      }),
    ).toBeNull();
  });

  it('a composed color as tokensync sends it (plan.ts) is a VariableComposedColor of the document', () => {
    const alias = (id: string) => ({ type: 'VARIABLE_ALIAS', id });
    for (const value of [
      { color: alias('VariableID:1:2'), opacity: alias('VariableID:1:3') },
      { color: alias('VariableID:1:2'), opacity: 30 },
      { color: { r: 1, g: 0, b: 0, a: 1 }, opacity: alias('VariableID:1:3') },
    ])
      expect(
        checkRequest('POST', '/v1/files/k/variables', {
          variableModeValues: [{ variableId: 'v', modeId: 'm', value }],
        }),
      ).toBeNull();
  });
});
