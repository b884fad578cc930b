/**
 * The lock's schema (docs/architecture.md "Files in the repository"), for the exact message about a
 * lock the hand check in lock-file.ts (`isLock`, which accepts exactly what this accepts) refuses.
 * Loaded only then: reading a valid lock needs no zod.
 */
import { z } from 'zod';
import { LOCK_VERSION } from '../model/lock.js';

export const lockSchema = z
  .object({
    version: z.literal(LOCK_VERSION),
    fileKey: z.string(),
    remoteVersion: z.string(),
    collections: z.record(
      z.string(),
      z
        .object({
          name: z.string(),
          key: z.string().optional(),
          defaultModeId: z.string(),
          modes: z.record(z.string(), z.string()),
          parentId: z.string().optional(),
          parentModes: z.record(z.string(), z.string()).optional(),
          hiddenFromPublishing: z.literal(true).optional(),
        })
        .strict(),
    ),
    variables: z.record(
      z.string(),
      z
        .object({
          collectionId: z.string(),
          name: z.string(),
          key: z.string().optional(),
          fields: z
            .object({
              type: z.string(),
              description: z.string(),
              scopes: z.string(),
              values: z.record(z.string(), z.string()),
              meta: z.string().optional(),
              overrides: z.record(z.string(), z.record(z.string(), z.string())).optional(),
            })
            .strict(),
          base: z
            .object({
              values: z.record(z.string(), z.string()).optional(),
              description: z.string().optional(),
              scopes: z.string().optional(),
              meta: z.string().optional(),
            })
            .strict()
            .optional(),
        })
        .strict(),
    ),
    repoOnly: z.record(z.string(), z.array(z.string())).optional(),
    kept: z
      .record(
        z.string(),
        z
          .object({
            collectionId: z.string(),
            name: z.string(),
            reason: z.string(),
            variable: z.record(z.string(), z.unknown()),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();
