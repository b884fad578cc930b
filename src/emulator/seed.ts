/**
 * Initial content. The identity (file key, team, users, tokens) is made once and survives `reset`, so
 * tests and tools holding the ready line's credentials keep working.
 */
import { addDemoVariables, demoComments, demoComponents, demoDocument } from './demo-file.js';
import { alnum, digest, numericId, secret } from './ids.js';
import type { DocNode, EmulatorState, FileRecord } from './state.js';
import { PERSONAL_SCOPES } from './state.js';
import { addDemoStyles } from './styles/demo.js';

export type SeedName = 'demo' | 'empty';

/** `fileKey` fixes the seeded file's key (the embedded service uses the config's); random otherwise. */
export function newIdentity(fileKey?: string): EmulatorState['identity'] {
  return {
    token: secret('dfs_pat_'),
    adminToken: secret('dfs_admin_'),
    fileKey: fileKey ?? alnum(22),
    teamId: numericId(19),
    ownerId: numericId(19),
    collaboratorId: numericId(19),
    oauthClient: { clientId: alnum(22), clientSecret: secret('dfs_cs_'), name: 'tokensync (local)' },
  };
}

/** When the demo file's styles were last published (2026-01-01T00:00:00Z), whatever the emulator clock. */
const DEMO_STYLES_PUBLISHED = Date.UTC(2026, 0, 1);

/** Builds a fresh state for an identity; `epoch` is "now" on the emulator clock. */
export function seedState(identity: EmulatorState['identity'], seed: SeedName, epoch: number): EmulatorState {
  const at = (minutesAgo: number): string => new Date(epoch - minutesAgo * 60_000).toISOString();
  const owner = {
    id: identity.ownerId,
    handle: 'Ada Designer',
    email: 'ada@example.test',
    img_url: 'https://example.test/avatars/ada.png',
  };
  const collaborator = {
    id: identity.collaboratorId,
    handle: 'Lin Engineer',
    email: 'lin@example.test',
    img_url: 'https://example.test/avatars/lin.png',
  };
  const file = seed === 'demo' ? demoFile(identity, at) : emptyFile(identity, at);
  return {
    schema: 1,
    identity,
    seed,
    users: { [owner.id]: owner, [collaborator.id]: collaborator },
    teams: {
      [identity.teamId]: { id: identity.teamId, name: 'Design System', memberIds: [owner.id, collaborator.id] },
    },
    tokens: {
      [digest(identity.token)]: { kind: 'personal', userId: owner.id, scopes: [...PERSONAL_SCOPES], expiresAt: null },
    },
    refreshTokens: {},
    authCodes: {},
    files: { [file.key]: file },
    webhooks: {},
    renders: {},
    nextWebhookId: 1,
    nextCommentId: file.comments.length + 1,
    clockOffsetMs: 0,
  };
}

function baseFile(
  identity: EmulatorState['identity'],
  name: string,
  document: DocNode,
  at: (m: number) => string,
): FileRecord {
  return {
    key: identity.fileKey,
    name,
    teamId: identity.teamId,
    ownerId: identity.ownerId,
    version: 1,
    lastModified: at(60),
    schemaVersion: 0,
    document,
    imageFills: {},
    comments: [],
    styles: [],
    components: [],
    componentSets: [],
    variableCollections: {},
    variables: {},
    fileNo: 1,
    nextId: 1,
  };
}

function emptyFile(identity: EmulatorState['identity'], at: (m: number) => string): FileRecord {
  const document: DocNode = {
    id: '0:0',
    name: 'Document',
    type: 'DOCUMENT',
    children: [
      {
        id: '0:1',
        name: 'Page 1',
        type: 'CANVAS',
        children: [{ id: '1:2', name: 'Frame 1', type: 'FRAME', children: [] }],
      },
    ],
  };
  return baseFile(identity, 'Untitled', document, at);
}

function demoFile(identity: EmulatorState['identity'], at: (m: number) => string): FileRecord {
  const file = baseFile(identity, 'Design System', demoDocument(), at);
  file.imageFills = { a1b2c3d4e5f60718293a4b5c6d7e8f9012345678: '1:3' };
  Object.assign(file, demoComponents(identity, at));
  file.comments = demoComments(identity, at);
  addDemoVariables(file);
  // Styles with their nodes; some are bound to the variables above. Published at a fixed
  // instant, not relative to the seeding: the styles lock keeps each style's `updated_at`, and this
  // repository commits the lock a pull of the demo file writes (tokens/styles.lock.json), so a fresh
  // clone's `npm start` must find the very same times to change no byte (test/e2e/demo.test.ts).
  addDemoStyles(
    file,
    (minutesAgo) => new Date(DEMO_STYLES_PUBLISHED - minutesAgo * 60_000).toISOString(),
    identity.ownerId,
  );
  return file;
}
