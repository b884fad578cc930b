/**
 * The hand checks the client makes before zod on the variables answers (docs/api-client.md "Performance")
 * agree with the zod schemas case by case: whatever a check accepts, zod accepts and returns unchanged;
 * the usual, valid answer passes the check (so zod does not run on it).
 */
import { describe, expect, it } from 'vitest';
import { type Any, itAgreesWithZod } from './zod-agreement.js';
import { localVariablesResponseSchema, variablesWriteResponseSchema } from '../../src/api/schemas/variables.js';
import { isLocalVariablesResponse, isVariablesWriteResponse } from '../../src/api/schemas/variables-check.js';

const VALID = {
  status: 200,
  error: false,
  meta: {
    variables: {
      'VariableID:1:2': {
        id: 'VariableID:1:2',
        name: 'color/brand',
        key: 'k2',
        variableCollectionId: 'VariableCollectionId:1:0',
        resolvedType: 'COLOR',
        valuesByMode: { '1:1': { r: 1, g: 0.5, b: 0, a: 1 }, '1:3': { type: 'VARIABLE_ALIAS', id: 'VariableID:1:4' } },
        scopes: ['ALL_SCOPES'],
        description: '',
        hiddenFromPublishing: false,
        remote: false,
        codeSyntax: {},
      },
      'VariableID:1:4': {
        id: 'VariableID:1:4',
        name: 'space/1',
        key: 'k4',
        variableCollectionId: 'VariableCollectionId:1:0',
        resolvedType: 'FLOAT',
        valuesByMode: { '1:1': 4, '1:3': 8 },
        scopes: [],
        description: 'four',
      },
      'VariableID:1:5': {
        id: 'VariableID:1:5',
        name: 'flag',
        key: 'k5',
        variableCollectionId: 'VariableCollectionId:1:0',
        resolvedType: 'BOOLEAN',
        valuesByMode: { '1:1': true, '1:3': 'text' },
        scopes: ['ALL_SCOPES'],
        description: '',
      },
    },
    variableCollections: {
      'VariableCollectionId:1:0': {
        id: 'VariableCollectionId:1:0',
        name: 'Base',
        key: 'kc',
        modes: [
          { modeId: '1:1', name: 'Light' },
          { modeId: '1:3', name: 'Dark', extra: 1 },
        ],
        defaultModeId: '1:1',
        variableIds: ['VariableID:1:2', 'VariableID:1:4', 'VariableID:1:5'],
        hiddenFromPublishing: false,
      },
    },
  },
};

const v2 = (x: Any) => x.meta.variables['VariableID:1:2'];
const v4 = (x: Any) => x.meta.variables['VariableID:1:4'];
const col = (x: Any) => x.meta.variableCollections['VariableCollectionId:1:0'];

describe('isLocalVariablesResponse (the check before zod on GET variables/local)', () => {
  const cases: [string, (x: Any) => void][] = [
    ['valid as the service sends it', () => {}],
    ['no variables at all', (x) => ((x.meta.variables = {}), (x.meta.variableCollections = {}))],
    ['meta missing', (x) => delete x.meta],
    ['meta an array', (x) => (x.meta = [])],
    [
      'the body null',
      (x) => {
        for (const k of Object.keys(x)) delete x[k];
      },
    ],
    ['variables an array', (x) => (x.meta.variables = [])],
    ['variableCollections missing', (x) => delete x.meta.variableCollections],
    ['a variable that is null', (x) => (x.meta.variables.z = null)],
    ['a variable without key', (x) => delete v2(x).key],
    ['a name that is a number', (x) => (v2(x).name = 1)],
    ['an unknown resolvedType', (x) => (v2(x).resolvedType = 'TEXT')],
    ['scopes holding a number', (x) => (v2(x).scopes = [1])],
    ['scopes an object', (x) => (v2(x).scopes = {})],
    ['description null', (x) => (v2(x).description = null)],
    ['valuesByMode an array', (x) => (v2(x).valuesByMode = [1])],
    ['a value null', (x) => (v4(x).valuesByMode['1:1'] = null)],
    ['a value NaN', (x) => (v4(x).valuesByMode['1:1'] = Number.NaN)],
    ['a value Infinity', (x) => (v4(x).valuesByMode['1:1'] = Number.POSITIVE_INFINITY)],
    ['a value an array', (x) => (v4(x).valuesByMode['1:1'] = [])],
    ['a color without alpha', (x) => delete v2(x).valuesByMode['1:1'].a],
    ['a color component a string', (x) => (v2(x).valuesByMode['1:1'].g = '0.5')],
    ['a color with an extra key (zod strips it)', (x) => (v2(x).valuesByMode['1:1'].extra = 1)],
    ['an alias of another type', (x) => (v2(x).valuesByMode['1:3'].type = 'ALIAS')],
    ['an alias without id', (x) => delete v2(x).valuesByMode['1:3'].id],
    ['an alias with an extra key (zod strips it)', (x) => (v2(x).valuesByMode['1:3'].name = 'x')],
    ['an alias that is also a color', (x) => Object.assign(v2(x).valuesByMode['1:3'], { r: 0, g: 0, b: 0, a: 1 })],
    ['an empty value object', (x) => (v2(x).valuesByMode['1:3'] = {})],
    [
      'a composed color: alias color, number opacity',
      (x) => (v2(x).valuesByMode['1:3'] = { color: { type: 'VARIABLE_ALIAS', id: 'VariableID:1:2' }, opacity: 50 }),
    ],
    [
      'a composed color: RGB color, alias opacity',
      (x) =>
        (v2(x).valuesByMode['1:3'] = {
          color: { r: 1, g: 0, b: 0 },
          opacity: { type: 'VARIABLE_ALIAS', id: 'VariableID:1:4' },
        }),
    ],
    [
      'a composed color with an extra key (zod strips it)',
      (x) => (v2(x).valuesByMode['1:3'] = { color: { r: 1, g: 0, b: 0, a: 1 }, opacity: 5, x: 1 }),
    ],
    [
      'a composed color whose opacity is a string',
      (x) => (v2(x).valuesByMode['1:3'] = { color: { r: 1, g: 0, b: 0 }, opacity: '5' }),
    ],
    ['a tagged value tokensync does not know', (x) => (v2(x).valuesByMode['1:3'] = { type: 'EXPRESSION', args: [1] })],
    ['a tagged value whose type is a number', (x) => (v2(x).valuesByMode['1:3'] = { type: 7 })],
    [
      'an unknown resolvedType with any values',
      (x) => ((v4(x).resolvedType = 'EASING'), (v4(x).valuesByMode = { '1:1': { x1: 0.4, y1: 0 }, '1:3': null })),
    ],
    [
      'an unknown resolvedType with valuesByMode an array',
      (x) => ((v4(x).resolvedType = 'EASING'), (v4(x).valuesByMode = [])),
    ],
    ['resolvedType a number', (x) => (v4(x).resolvedType = 3)],
    ['a collection without modes', (x) => delete col(x).modes],
    ['a mode without name', (x) => delete col(x).modes[0].name],
    ['a mode that is a string', (x) => (col(x).modes[0] = '1:1')],
    ['variableIds holding null', (x) => (col(x).variableIds = [null])],
    ['defaultModeId a number', (x) => (col(x).defaultModeId = 1)],
    ['a collection that is an array', (x) => (x.meta.variableCollections.z = [])],
    [
      'an extended collection (figma)',
      (x) =>
        Object.assign(col(x), {
          isExtension: true,
          parentVariableCollectionId: 'VariableCollectionId:1:9',
          rootVariableCollectionId: 'VariableCollectionId:1:9',
          variableOverrides: { 'VariableID:1:2': { '1:1': { r: 1, g: 0, b: 0, a: 1 } } },
          modes: [{ modeId: '1:1', name: 'Light', parentModeId: '1:8' }],
        }),
    ],
    ['isExtension a string', (x) => (col(x).isExtension = 'yes')],
    ['parentModeId a number', (x) => (col(x).modes[0].parentModeId = 3)],
    ['variableOverrides an array', (x) => (col(x).variableOverrides = [])],
    ['an override map that is a string', (x) => (col(x).variableOverrides = { v: 'x' })],
  ];
  itAgreesWithZod(cases, VALID, localVariablesResponseSchema, isLocalVariablesResponse);
  it('passes the valid answers without zod', () => {
    expect(isLocalVariablesResponse(structuredClone(VALID))).toBe(true);
    const empty = structuredClone(VALID) as Any;
    empty.meta.variables = {};
    empty.meta.variableCollections = {};
    expect(isLocalVariablesResponse(empty)).toBe(true);
  });
  it('leaves to zod exactly the valid answers it would change and all invalid ones', () => {
    const verdicts = cases.map(([name, mutate]) => {
      const answer = structuredClone(VALID) as Any;
      mutate(answer);
      return `${isLocalVariablesResponse(answer) ? 'check' : 'zod  '} ${localVariablesResponseSchema.safeParse(answer).success ? 'valid  ' : 'invalid'} ${name}`;
    });
    expect(verdicts.filter((v) => v.startsWith('zod   valid'))).toEqual([
      'zod   valid   a color with an extra key (zod strips it)',
      'zod   valid   an alias with an extra key (zod strips it)',
      'zod   valid   an alias that is also a color',
      'zod   valid   a composed color with an extra key (zod strips it)',
    ]);
    expect(verdicts.filter((v) => v.startsWith('check')).map((v) => v.slice(14))).toEqual([
      'valid as the service sends it',
      'no variables at all',
      // Both kept whole by remote.ts, costing only their variable (docs/sync.md "Nothing is dropped").
      'an unknown resolvedType',
      'an alias of another type',
      'a composed color: alias color, number opacity',
      'a composed color: RGB color, alias opacity',
      'a tagged value tokensync does not know',
      'an unknown resolvedType with any values',
      'an extended collection (figma)',
    ]);
  });
});

describe('isVariablesWriteResponse (the check before zod on POST/PUT variables)', () => {
  const cases: [string, unknown][] = [
    ['a mapping', { status: 200, error: false, meta: { tempIdMapping: { temp_1: 'VariableID:1:2' } } }],
    ['an empty mapping', { meta: { tempIdMapping: {} } }],
    ['no mapping', { meta: {} }],
    ['a mapping to a number', { meta: { tempIdMapping: { temp_1: 2 } } }],
    ['a mapping that is an array', { meta: { tempIdMapping: ['x'] } }],
    ['meta null', { meta: null }],
    ['a string', 'ok'],
  ];
  it.each(cases)('agrees with zod: %s', (_, answer) => {
    const zod = variablesWriteResponseSchema.safeParse(answer);
    expect(isVariablesWriteResponse(answer)).toBe(zod.success);
    if (zod.success) expect(zod.data).toEqual(answer);
  });
});
