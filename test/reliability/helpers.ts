/**
 * Shared by the reliability suites (README "Reliability"): a project holding the brand fixture (2
 * collections, 3 modes, 17 variables with cross-collection aliases) against an empty local service, and
 * the checks every schedule ends with: no duplicate, nothing lost, the lock matches the service, the next
 * run is a no-op.
 */
import { cpSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestEmulator } from '../helpers/emulator.js';
import { createProject, type TestProject } from '../helpers/project.js';

export const BRAND = fileURLToPath(new URL('../e2e/fixtures/brand/', import.meta.url));
export const BRAND_VARIABLES = 17;
export const BRAND_COLLECTIONS = 2;

export function brandProject(emu: TestEmulator, extraConfig = ''): TestProject {
  const project = createProject(emu, extraConfig);
  cpSync(BRAND, path.join(project.root, 'tokens'), { recursive: true });
  return project;
}

interface WireState {
  variables: Record<
    string,
    { id: string; name: string; variableCollectionId: string; valuesByMode: Record<string, unknown> }
  >;
  variableCollections: Record<string, { id: string; name: string; modes: { modeId: string; name: string }[] }>;
}

export async function serviceState(emu: TestEmulator): Promise<WireState> {
  const res = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
  if (res.status !== 200) throw new Error(`variables/local answered ${res.status}`);
  return res.json.meta as WireState;
}

/** Problems with the service's state and the lock after a schedule; empty when all is well. */
export async function stateProblems(
  emu: TestEmulator,
  project: TestProject,
  expected = { variables: BRAND_VARIABLES, collections: BRAND_COLLECTIONS },
): Promise<string[]> {
  const problems: string[] = [];
  const meta = await serviceState(emu);
  const cols = Object.values(meta.variableCollections);
  const vars = Object.values(meta.variables);
  const colNames = cols.map((c) => c.name);
  if (new Set(colNames).size !== colNames.length) problems.push(`duplicate collections: ${colNames.join(', ')}`);
  const varKeys = vars.map((v) => `${meta.variableCollections[v.variableCollectionId]?.name}/${v.name}`);
  const dups = varKeys.filter((k, i) => varKeys.indexOf(k) !== i);
  if (dups.length > 0)
    problems.push(`duplicate variables: ${[...new Set(dups)].slice(0, 5).join(', ')} (${dups.length})`);
  for (const c of cols) {
    const modes = c.modes.map((m) => m.name);
    if (new Set(modes).size !== modes.length) problems.push(`duplicate modes in ${c.name}: ${modes.join(', ')}`);
  }
  if (vars.length !== expected.variables)
    problems.push(`${vars.length} variables in the service, expected ${expected.variables}`);
  if (cols.length !== expected.collections)
    problems.push(`${cols.length} collections in the service, expected ${expected.collections}`);
  const lockFile = path.join(project.root, 'tokens', 'sync.lock.json');
  if (!existsSync(lockFile)) problems.push('no lock');
  else {
    const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as {
      variables: Record<string, { name: string }>;
      collections: Record<string, unknown>;
    };
    const lockIds = Object.keys(lock.variables).sort();
    const ids = vars.map((v) => v.id).sort();
    if (JSON.stringify(lockIds) !== JSON.stringify(ids))
      problems.push(`the lock names ${lockIds.length} variables, the service has ${ids.length} (ids differ)`);
    if (JSON.stringify(Object.keys(lock.collections).sort()) !== JSON.stringify(cols.map((c) => c.id).sort()))
      problems.push('the lock and the service differ in collections');
  }
  if (existsSync(path.join(project.root, 'tokens', 'sync.journal.json')))
    problems.push('the journal is still there after a finished run');
  return problems;
}

/**
 * Waits for an event instead of a fixed time: until the service's request log holds a call matching
 * `pattern` (a held request is logged when it completes). Bounded: 600 polls.
 */
export async function whenLogged(emu: TestEmulator, pattern: RegExp): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if ((await emu.admin.calls()).some((c) => pattern.test(c))) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the service never logged ${pattern}`);
}
