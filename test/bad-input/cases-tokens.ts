/**
 * Token files, the resolver document, the lock and the journal (docs/token-files.md "What is read, and
 * where mistakes are caught"): one validator for check, push, pull and build, so each is refused before
 * the first request, naming the file and line:column (or the key).
 */
import type { BadCase, CaseProject } from './harness.js';

const PRIM = 'tokens/primitives/value.tokens.json';
const LIGHT = 'tokens/semantic/light.tokens.json';
const RESOLVER = 'tokens/tokens.resolver.json';
const LOCK = 'tokens/sync.lock.json';

/** Adds tokens at the top level of a token file. */
const add = (file: string, tokens: Record<string, unknown>) => (p: CaseProject) => {
  const json = JSON.parse(p.read(file)) as Record<string, unknown>;
  p.write(file, JSON.stringify({ ...json, ...tokens }, null, 2));
};
const color = (hex: string): unknown => ({ $type: 'color', $value: hex });

/** The same case for several commands. */
const each = (commands: string[][], c: Omit<BadCase, 'args' | 'name'> & { name: string }): BadCase[] =>
  commands.map((args) => ({ ...c, name: `${c.name} (${args.join(' ')})`, args }));
const CHECK_PUSH = [['check'], ['push']];
const ALL = [['check'], ['push'], ['pull'], ['build']];

export const tokenCases: BadCase[] = [
  ...each(ALL, {
    name: 'a non-string $description',
    setup: (p) => p.edit(PRIM, '"$description": "Brand blue"', '"$description": 123'),
    names: [`${PRIM}:16:`, '"$description" must be a string'],
  }),
  ...each(ALL, {
    name: 'a duplicate JSON key',
    setup: (p) => p.edit(PRIM, '"$description": "Brand blue"', '"$description": "a", "$description": "Brand blue"'),
    names: [`${PRIM}:16:`, 'appears twice'],
  }),
  ...each(CHECK_PUSH, {
    name: 'an empty name segment',
    setup: add(PRIM, { color2: { '': color('#ffffff') } }),
    names: [new RegExp(`${PRIM}:\\d+:\\d+`), 'is empty'],
  }),
  ...each([['check'], ['push'], ['build']], {
    name: 'names that clash in the build',
    setup: add(PRIM, { 'brand primary': color('#ffffff'), 'brand-primary': color('#000000') }),
    names: [new RegExp(`${PRIM}:\\d+:\\d+`), 'get the same name in the build'],
  }),
  ...each(CHECK_PUSH, {
    name: 'invalid UTF-8',
    setup: (p) =>
      p.write(
        PRIM,
        Buffer.concat([
          Buffer.from(p.read(PRIM).replace('Brand blue', 'Brand \u0000blue').split('\u0000')[0]!),
          Buffer.from([0xff]),
          Buffer.from(p.read(PRIM).split('Brand blue')[1]!.replace(/^/, 'blue')),
        ]),
      ),
    names: [`${PRIM}:16:`, 'invalid UTF-8'],
  }),
  ...each(CHECK_PUSH, {
    name: 'a scope that does not fit the type',
    setup: (p) =>
      p.edit(
        PRIM,
        '"$description": "Brand blue"',
        '"$description": "Brand blue", "$extensions": {"dev.tokensync": {"scopes": ["GAP"]}}',
      ),
    names: [`${PRIM}:16:`, 'does not apply to a COLOR variable'],
  }),
  ...each(CHECK_PUSH, {
    name: 'scopes that are not a list',
    setup: (p) =>
      p.edit(
        PRIM,
        '"$description": "Brand blue"',
        '"$description": "Brand blue", "$extensions": {"dev.tokensync": {"scopes": "GAP"}}',
      ),
    names: [`${PRIM}:16:`, '"scopes" must be an array'],
  }),
  ...each(CHECK_PUSH, {
    name: 'duplicate mode names',
    setup: (p) => p.edit(RESOLVER, '"name": "Dark"', '"name": "Light"'),
    names: [`${RESOLVER}:`, 'two modes named "Light"'],
  }),
  ...each([['push']], {
    name: 'a mode name over 40 characters',
    setup: (p) => p.edit(RESOLVER, '"name": "Dark"', `"name": "${'D'.repeat(41)}"`),
    names: [`${RESOLVER}:`, 'at most 40'],
  }),
  ...each(ALL, {
    name: 'invalid JSON in a token file',
    setup: (p) => p.edit(LIGHT, '"$type": "color"', '"$type": "color",,'),
    names: [new RegExp(`${LIGHT}:\\d+:\\d+`), 'invalid JSON'],
  }),
  ...each(CHECK_PUSH, {
    name: 'a malformed color',
    setup: add(PRIM, { bad: color('#12345') }),
    names: [new RegExp(`${PRIM}:\\d+:\\d+`), 'bad'],
  }),
  ...each([['check']], {
    name: 'a dimension without a unit',
    setup: add(PRIM, { gap: { $type: 'dimension', $value: 8 } }),
    names: [new RegExp(`${PRIM}:\\d+:\\d+`), 'gap'],
  }),
  ...each([['check']], {
    name: 'an unknown $type',
    setup: add(PRIM, { odd: { $type: 'colour', $value: '#000000' } }),
    names: [new RegExp(`${PRIM}:\\d+:\\d+`), 'colour'],
  }),
  ...each([['check']], {
    name: 'a token with no $type',
    setup: add(PRIM, { untyped: { $value: 1 } }),
    names: [new RegExp(`${PRIM}:\\d+:\\d+`), 'no "$type"'],
  }),
  ...each(CHECK_PUSH, {
    name: 'an alias to a missing token',
    setup: add(PRIM, { lost: { $type: 'color', $value: '{color.nowhere}' } }),
    names: [new RegExp(`${PRIM}:\\d+:\\d+`), 'color.nowhere'],
  }),
  ...each(CHECK_PUSH, {
    name: 'an alias cycle',
    setup: add(PRIM, { ping: { $type: 'color', $value: '{pong}' }, pong: { $type: 'color', $value: '{ping}' } }),
    names: [new RegExp(`${PRIM}:\\d+:\\d+`), /cycle|circular/i],
  }),
  ...each([['check']], {
    name: 'a name with "."',
    setup: add(PRIM, { 'a.b': color('#000000') }),
    names: [new RegExp(`${PRIM}:\\d+:\\d+`), 'contains "."'],
  }),
  ...each([['check']], {
    name: 'a name with "{"',
    setup: add(PRIM, { 'a{b': color('#000000') }),
    names: [new RegExp(`${PRIM}:\\d+:\\d+`), 'contains'],
  }),
  ...each([['check']], {
    name: 'an unknown $ property',
    setup: add(PRIM, { $brand: { x: color('#000000') } }),
    names: [new RegExp(`${PRIM}:\\d+:\\d+`), 'unknown property "$brand"'],
  }),
  ...each([['check'], ['push']], {
    name: 'the resolver lists a missing file',
    setup: (p) => p.remove(LIGHT),
    names: [`${RESOLVER}:`, 'does not exist'],
  }),
  ...each([['check'], ['pull'], ['build']], {
    name: 'invalid JSON in the resolver',
    setup: (p) => p.edit(RESOLVER, '"sets": {', '"sets": {{'),
    names: [new RegExp(`${RESOLVER}:\\d+:\\d+`), 'invalid JSON'],
  }),
  ...each([['check']], {
    name: 'a color value null',
    setup: add(PRIM, { nil: { $type: 'color', $value: null } }),
    names: [new RegExp(`${PRIM}:\\d+:\\d+`), 'nil'],
  }),
  ...each([['push'], ['pull']], {
    name: 'a corrupt lock',
    setup: (p) => p.write(LOCK, '{"version": 1,'),
    names: [`${LOCK}:1:`, 'corrupt'],
  }),
  ...each([['push']], {
    name: 'a lock of another design file',
    setup: (p) => p.write(LOCK, p.read(LOCK).replace(/"fileKey": "[^"]+"/, '"fileKey": "OTHERFILE"')),
    names: ['sync.lock.json', 'OTHERFILE'],
  }),
  ...each([['push'], ['pull']], {
    name: 'a journal that cannot be read',
    setup: (p) => p.write('tokens/sync.journal.json', '{"version": 99}'),
    names: ['sync.journal.json', 'not a journal'],
  }),
  ...each([['push']], {
    name: 'a push while a first pull is unfinished',
    setup: (p) => (
      p.remove(LOCK),
      p.write(
        'tokens/sync.journal.json',
        JSON.stringify({
          version: 1,
          kind: 'pull',
          fileKey: /fileKey: (\S+)/.exec(p.read('config/tokensync.yaml'))![1],
          startedAt: '2026-01-01T00:00:00Z',
          files: [],
        }),
      )
    ),
    names: ['sync.journal.json', 'A first pull stopped part-way', 'tokensync pull'],
  }),
  ...each([['push']], {
    name: 'a journal of another design file',
    setup: (p) =>
      p.write(
        'tokens/sync.journal.json',
        JSON.stringify({
          version: 1,
          kind: 'pull',
          fileKey: 'OTHERFILE',
          startedAt: '2026-01-01T00:00:00Z',
          files: [],
        }),
      ),
    names: ['sync.journal.json', 'OTHERFILE'],
  }),
];
