/**
 * Play the designer on styles through the local service's control endpoints (docs/emulator.md "Control
 * endpoints"; src/emulator/routes/style-control.ts). Kept beside the styles tests rather than in the
 * shared helper.
 */
import type { TestEmulator } from '../helpers/emulator.js';

export interface StyleEntry {
  key: string;
  name: string;
  description: string;
  style_type: 'FILL' | 'TEXT' | 'EFFECT' | 'GRID';
  node_id: string;
}

async function admin(
  emu: Pick<TestEmulator, 'call' | 'adminToken'>,
  method: string,
  path: string,
  body?: unknown,
): Promise<any> {
  const r = await emu.call(method, path, { token: emu.adminToken, ...(body === undefined ? {} : { body }) });
  if (r.status !== 200) throw new Error(`${method} ${path} answered ${r.status}: ${r.text}`);
  return r.json;
}

export function designer(emu: Pick<TestEmulator, 'call' | 'adminToken' | 'fileKey'>) {
  return {
    add: async (s: {
      style_type: StyleEntry['style_type'];
      name: string;
      description?: string;
      fields?: Record<string, unknown>;
    }): Promise<StyleEntry> => (await admin(emu, 'POST', '/_emulator/styles', s)).style,
    edit: async (
      key: string,
      s: { name?: string; description?: string; fields?: Record<string, unknown> },
    ): Promise<StyleEntry> => (await admin(emu, 'PATCH', '/_emulator/styles', { key, ...s })).style,
    remove: async (key: string): Promise<void> =>
      void (await admin(emu, 'DELETE', `/_emulator/styles?key=${encodeURIComponent(key)}`)),
    /** Every published style, through the public list (page_size 1000). */
    list: async (): Promise<StyleEntry[]> =>
      (await emu.call('GET', `/v1/files/${emu.fileKey}/styles?page_size=1000`)).json.meta.styles,
  };
}
