/** Types of bench/generate.mjs (plain JavaScript so the benchmark runs on Node 20 without a build). */
import type { TokenSet, VariableType } from '../src/model/types.js';

export interface GenerateOptions {
  /** Number of variables (>= 8). */
  variables: number;
  /** `'mixed'` (default): collections with 1, 2, 3, 4 modes in turn; a number: every collection has that many. */
  modes?: number | 'mixed';
  /** PRNG seed; the same seed gives the same set. Default 1. */
  seed?: number;
  /** Share of variables that are aliases; default 0.3. */
  aliasRatio?: number;
  /**
   * Share of all tokens that are repository-owned composites (`set.tokens`, docs/benchmarks.md
   * "The token sets"); default 0.1.
   */
  compositeRatio?: number;
}

export interface TokenSetFigures {
  variables: number;
  collections: number;
  modesPerCollection: number[];
  /** Sum over variables of their mode values. */
  values: number;
  byType: Record<VariableType, number>;
  /** Variables whose values are aliases. */
  aliasVariables: number;
  aliasRatio: number;
  /** Alias values whose target is in another collection. */
  crossCollectionAliases: number;
  /** Repository-owned composite tokens (`set.tokens`). */
  composites: number;
  /** composites / (variables + composites). */
  compositeRatio: number;
}

export function createRng(seed: number): () => number;
export function generateTokenSet(options: GenerateOptions): TokenSet;
export function describeTokenSet(set: TokenSet): TokenSetFigures;
