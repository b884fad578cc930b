/**
 * The shared case of the hand checks' tests (files-check, variables-check): a valid answer changed
 * one way; whatever the hand check accepts, zod accepts too and gives back the same fields.
 */
import { expect, it } from 'vitest';
import type { z } from 'zod';

export type Any = Record<string, any>;
export type Mutation = [name: string, mutate: (x: Any) => unknown];

export function itAgreesWithZod(
  cases: Mutation[],
  valid: unknown,
  schema: z.ZodType,
  check: (x: unknown) => boolean,
): void {
  it.each(cases)('agrees with zod: %s', (_, mutate) => {
    const answer = structuredClone(valid) as Any;
    mutate(answer);
    const zod = schema.safeParse(answer);
    if (check(answer)) {
      expect(zod.success).toBe(true);
      expect(zod.data).toEqual(answer);
    }
  });
}
