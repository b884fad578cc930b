/**
 * The hand check the client makes before zod on `GET /v1/files/:key` (src/api/schemas/files-check.ts)
 * agrees with `fileResponseSchema` case by case: whatever the check accepts, zod accepts with the same
 * fields; the usual, valid answer passes the check (so a push or pull loads no zod for it).
 */
import { describe, expect, it } from 'vitest';
import { type Any, itAgreesWithZod } from './zod-agreement.js';
import { isFileResponse } from '../../src/api/schemas/files-check.js';
import { fileResponseSchema } from '../../src/api/schemas/files.js';

const VALID = {
  name: 'Tokens',
  lastModified: '2026-11-25T12:00:00Z',
  version: '42',
  thumbnailUrl: 'https://example.test/thumb.png',
  schemaVersion: 0,
  role: 'owner',
  document: {
    id: '0:0',
    name: 'Document',
    type: 'DOCUMENT',
    children: [
      { id: '0:1', name: 'Page 1', type: 'CANVAS', backgroundColor: { r: 1, g: 1, b: 1, a: 1 } },
      { id: '0:2', name: 'Page 2', type: 'CANVAS', children: [] },
    ],
  },
};

const page = (x: Any) => x.document.children[0];

describe('isFileResponse (the check before zod on GET /v1/files/:key)', () => {
  const cases: [string, (x: Any) => void][] = [
    ['valid as the service sends it', () => {}],
    ['no children in the document', (x) => delete x.document.children],
    ['a deep tree', (x) => (page(x).children = [{ id: '1:1', name: 'F', type: 'FRAME', children: [] }])],
    ['version a number', (x) => (x.version = 42)],
    ['version missing', (x) => delete x.version],
    ['name null', (x) => (x.name = null)],
    ['lastModified missing', (x) => delete x.lastModified],
    ['thumbnailUrl missing', (x) => delete x.thumbnailUrl],
    ['schemaVersion a string', (x) => (x.schemaVersion = '0')],
    ['schemaVersion NaN', (x) => (x.schemaVersion = Number.NaN)],
    ['schemaVersion Infinity', (x) => (x.schemaVersion = Number.POSITIVE_INFINITY)],
    ['document missing', (x) => delete x.document],
    ['document an array', (x) => (x.document = [])],
    ['document null', (x) => (x.document = null)],
    ['children null', (x) => (x.document.children = null)],
    ['children an object', (x) => (x.document.children = {})],
    ['a child without type', (x) => delete page(x).type],
    ['a child id a number', (x) => (page(x).id = 1)],
    ['a child that is a string', (x) => (x.document.children[1] = '0:2')],
    ['a grandchild without name', (x) => (page(x).children = [{ id: '1:1', type: 'FRAME' }])],
    [
      'the body empty',
      (x) => {
        for (const k of Object.keys(x)) delete x[k];
      },
    ],
  ];
  itAgreesWithZod(cases, VALID, fileResponseSchema, isFileResponse);
  it('passes exactly the valid answers', () => {
    const verdicts = cases.map(([name, mutate]) => {
      const answer = structuredClone(VALID) as Any;
      mutate(answer);
      const zod = fileResponseSchema.safeParse(answer).success;
      return `${isFileResponse(answer) ? 'check' : 'zod  '} ${zod ? 'valid  ' : 'invalid'} ${name}`;
    });
    expect(verdicts.filter((v) => v.includes(' valid '))).toEqual([
      'check valid   valid as the service sends it',
      'check valid   no children in the document',
      'check valid   a deep tree',
    ]);
  });
  it('leaves a tree deeper than it walks to zod, which accepts it', () => {
    const answer = structuredClone(VALID) as Any;
    let node = answer.document;
    for (let i = 0; i < 100; i++) {
      node.children = [{ id: `${i}:1`, name: 'F', type: 'FRAME' }];
      node = node.children[0];
    }
    expect(isFileResponse(answer)).toBe(false);
    expect(fileResponseSchema.safeParse(answer).success).toBe(true);
  });
});
