import { describe, expect, it } from 'vitest';
import { userSetsGrowthFactor } from '../../src/cli/steady-heap.js';

describe('userSetsGrowthFactor: a growth factor the user set is left alone', () => {
  it('finds the flag on the command line, in either spelling and form', () => {
    expect(userSetsGrowthFactor(['--semi-space-growth-factor=3'], undefined)).toBe(true);
    expect(userSetsGrowthFactor(['--semi_space_growth_factor', '3'], undefined)).toBe(true);
    expect(userSetsGrowthFactor(['--max-old-space-size=4096'], undefined)).toBe(false);
  });

  it('finds it in NODE_OPTIONS among other options', () => {
    expect(userSetsGrowthFactor([], '--enable-source-maps --semi-space-growth-factor=4')).toBe(true);
    expect(userSetsGrowthFactor([], '--enable-source-maps')).toBe(false);
    expect(userSetsGrowthFactor([], '')).toBe(false);
  });

  it('does not take a longer or shorter flag for it', () => {
    expect(userSetsGrowthFactor(['--semi-space-growth-factorx=1', '--semi-space-growth'], undefined)).toBe(false);
    expect(userSetsGrowthFactor(['--max-semi-space-size=32'], undefined)).toBe(false);
  });
});
