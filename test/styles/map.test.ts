/**
 * Styles to tokens (src/styles/map.ts): pure mapping rules, case by case.
 */
import { describe, expect, it } from 'vitest';
import { mapStyle, type BoundVariable, type PublishedStyle } from '../../src/styles/map.js';
import type { StyleNodeJson, StyleType } from '../../src/styles/figma-nodes.js';

const style = (styleType: StyleType, name = 'A/B'): PublishedStyle => ({
  key: 'k',
  name,
  description: '',
  styleType,
  nodeId: '3:1',
  updatedAt: 't',
});
const vars: Record<string, BoundVariable> = {
  'V:font': { alias: { alias: { collection: 'semantic', name: 'font/body' } }, type: 'fontFamily' },
  'V:size': { alias: { alias: { collection: 'semantic', name: 'space/inset' } }, type: 'dimension' },
  'V:num': { alias: { alias: { collection: 'primitives', name: 'opacity' } }, type: 'number' },
  'V:color': { alias: { alias: { collection: 'semantic', name: 'color/primary' } }, type: 'color' },
};
const lookup = (id: string): BoundVariable | undefined => vars[id];
const alias = (id: string) => ({ type: 'VARIABLE_ALIAS', id });
const black = (a = 1) => ({ r: 0, g: 0, b: 0, a });

describe('TEXT -> typography', () => {
  it('maps size, weight, spacing with units and a pixel line height as a multiple; bound properties are references', () => {
    const node: StyleNodeJson = {
      style: {
        fontFamily: 'Inter',
        fontWeight: 600,
        fontSize: 20,
        letterSpacing: 0.5,
        lineHeightPx: 30,
        lineHeightUnit: 'PIXELS',
        boundVariables: { fontFamily: alias('V:font'), fontSize: alias('V:size') },
      },
    };
    expect(mapStyle(style('TEXT'), node, lookup)).toMatchObject({
      kind: 'token',
      type: 'typography',
      value: {
        fontFamily: vars['V:font']!.alias,
        fontSize: vars['V:size']!.alias,
        fontWeight: 600,
        letterSpacing: { value: 0.5, unit: 'px' },
        lineHeight: 1.5,
      },
      extension: {},
      variables: ['V:font', 'V:size'],
    });
  });

  it('takes a percent line height as is, keeps an auto line height as a multiple and says so, and notes italics', () => {
    const pct = mapStyle(
      style('TEXT'),
      {
        style: {
          fontFamily: 'Inter',
          fontSize: 10,
          lineHeightPx: 13,
          lineHeightPercentFontSize: 125,
          lineHeightUnit: 'FONT_SIZE_%',
        },
      },
      lookup,
    );
    expect(pct).toMatchObject({ value: { lineHeight: 1.25, fontWeight: 400 } });
    const auto = mapStyle(
      style('TEXT'),
      {
        style: {
          fontFamily: 'Inter',
          fontSize: 12,
          lineHeightPx: 15,
          lineHeightUnit: 'INTRINSIC_%',
          italic: true,
          textCase: 'UPPER',
        },
      },
      lookup,
    );
    expect(auto).toMatchObject({
      value: { lineHeight: 1.25 },
      extension: { lineHeight: 'auto', fontStyle: 'italic', textCase: 'UPPER' },
    });
  });

  it('keeps the literal where the bound variable is of another type, or is a line height, and names the variable', () => {
    const node: StyleNodeJson = {
      style: {
        fontFamily: 'Inter',
        fontSize: 16,
        lineHeightPx: 24,
        fontWeight: 400,
        boundVariables: { fontSize: alias('V:num'), lineHeight: alias('V:size'), letterSpacing: alias('V:gone') },
      },
    };
    const m = mapStyle(style('TEXT'), node, lookup);
    expect(m).toMatchObject({
      value: { fontSize: { value: 16, unit: 'px' }, lineHeight: 1.5, letterSpacing: { value: 0, unit: 'px' } },
    });
    expect(m.kind === 'token' && m.extension['boundVariables']).toEqual({
      fontSize: 'primitives/opacity',
      lineHeight: 'semantic/space/inset',
      letterSpacing: 'V:gone',
    });
  });

  it('skips a text node without a style', () => {
    expect(mapStyle(style('TEXT'), { type: 'TEXT' }, lookup)).toMatchObject({ kind: 'skipped' });
    expect(mapStyle(style('TEXT'), undefined, lookup)).toMatchObject({
      kind: 'skipped',
      reason: 'its node 3:1 was not in the nodes answer',
    });
  });
});

describe('EFFECT -> shadow', () => {
  const drop = (o: Record<string, unknown> = {}) => ({
    type: 'DROP_SHADOW',
    visible: true,
    color: black(0.25),
    offset: { x: 1, y: 2 },
    radius: 3,
    spread: 4,
    ...o,
  });

  it('maps drop and inner shadows top first (the API lists them bottom first), one layer as an object, several as an array', () => {
    expect(mapStyle(style('EFFECT'), { effects: [drop()] }, lookup)).toMatchObject({
      type: 'shadow',
      value: {
        color: { r: 0, g: 0, b: 0, a: 0.25 },
        offsetX: { value: 1, unit: 'px' },
        offsetY: { value: 2, unit: 'px' },
        blur: { value: 3, unit: 'px' },
        spread: { value: 4, unit: 'px' },
      },
    });
    const two = mapStyle(
      style('EFFECT'),
      {
        effects: [
          drop(),
          drop({
            type: 'INNER_SHADOW',
            spread: undefined,
            boundVariables: { color: alias('V:color'), radius: alias('V:size') },
          }),
        ],
      },
      lookup,
    );
    expect(two.kind === 'token' && two.value).toEqual([
      expect.objectContaining({
        color: vars['V:color']!.alias,
        blur: vars['V:size']!.alias,
        spread: { value: 0, unit: 'px' },
        inset: true,
      }),
      expect.objectContaining({ offsetX: { value: 1, unit: 'px' } }),
    ]);
    // Where a binding cannot be a reference, it is named by the layer's index in that order.
    const named = mapStyle(
      style('EFFECT'),
      { effects: [drop({ boundVariables: { radius: alias('V:num') } }), drop()] },
      lookup,
    );
    expect(named).toMatchObject({ extension: { boundVariables: { '1.blur': 'primitives/opacity' } } });
  });

  it('leaves out hidden shadows and blurs (noted), and skips a style with no shadow', () => {
    const m = mapStyle(
      style('EFFECT'),
      { effects: [drop({ visible: false }), { type: 'LAYER_BLUR', visible: true, radius: 4 }, drop()] },
      lookup,
    );
    expect(m).toMatchObject({ kind: 'token', extension: { skippedEffects: 'blur' } });
    expect(m.kind === 'token' && Array.isArray(m.value)).toBe(false);
    expect(
      mapStyle(style('EFFECT'), { effects: [{ type: 'BACKGROUND_BLUR', visible: true, radius: 4 }] }, lookup),
    ).toMatchObject({ kind: 'skipped' });
  });
});

describe('FILL -> color or gradient', () => {
  it('maps one solid paint to a color with the paint opacity, a bound color to a reference', () => {
    expect(
      mapStyle(style('FILL'), { fills: [{ type: 'SOLID', opacity: 0.5, color: { r: 1, g: 0, b: 0, a: 1 } }] }, lookup),
    ).toMatchObject({ type: 'color', value: { r: 1, g: 0, b: 0, a: 0.5 } });
    expect(
      mapStyle(
        style('FILL'),
        { fills: [{ type: 'SOLID', color: black(), boundVariables: { color: alias('V:color') } }] },
        lookup,
      ),
    ).toMatchObject({ type: 'color', value: vars['V:color']!.alias });
    // A reference cannot carry the opacity: the literal, with the variable named.
    const faded = mapStyle(
      style('FILL'),
      { fills: [{ type: 'SOLID', opacity: 0.5, color: black(), boundVariables: { color: alias('V:color') } }] },
      lookup,
    );
    expect(faded).toMatchObject({ value: { a: 0.5 } });
  });

  it('maps a linear gradient with its CSS angle and a radial one, stops bound to variables as references', () => {
    const lin = mapStyle(
      style('FILL'),
      {
        fills: [
          {
            type: 'GRADIENT_LINEAR',
            gradientHandlePositions: [
              { x: 0.5, y: 0 },
              { x: 0.5, y: 1 },
              { x: 0, y: 0 },
            ],
            gradientStops: [
              { position: 0, color: black(), boundVariables: { color: alias('V:color') } },
              { position: 1, color: black(0) },
            ],
          },
        ],
      },
      lookup,
    );
    expect(lin).toMatchObject({
      type: 'gradient',
      value: [
        { color: vars['V:color']!.alias, position: 0 },
        { color: { a: 0 }, position: 1 },
      ],
      extension: { gradient: { type: 'linear', angle: 180 } },
    });
    const rad = mapStyle(
      style('FILL'),
      {
        fills: [
          {
            type: 'GRADIENT_RADIAL',
            gradientHandlePositions: [
              { x: 0.25, y: 0.5 },
              { x: 0.75, y: 0.5 },
              { x: 0.25, y: 0.8 },
            ],
            gradientStops: [{ position: 0, color: black() }],
          },
        ],
      },
      lookup,
    );
    // The centre and the two radii, as fractions of the box (docs/styles.md "Mapping").
    expect(rad).toMatchObject({ extension: { gradient: { type: 'radial', center: [0.25, 0.5], radii: [0.5, 0.3] } } });
    const plain = mapStyle(
      style('FILL'),
      {
        fills: [
          { type: 'GRADIENT_RADIAL', gradientHandlePositions: [], gradientStops: [{ position: 0, color: black() }] },
        ],
      },
      lookup,
    );
    expect(plain).toMatchObject({ extension: { gradient: { type: 'radial' } } });
  });

  it('skips several paints, an image, and the gradients DTCG cannot describe', () => {
    const solid = { type: 'SOLID', color: black() };
    expect(mapStyle(style('FILL'), { fills: [solid, solid] }, lookup)).toMatchObject({
      kind: 'skipped',
      reason: 'it has 2 visible paints; only a single solid or gradient paint maps to a token',
    });
    expect(mapStyle(style('FILL'), { fills: [{ type: 'IMAGE' }] }, lookup)).toMatchObject({ kind: 'skipped' });
    expect(
      mapStyle(
        style('FILL'),
        { fills: [{ type: 'GRADIENT_ANGULAR', gradientStops: [{ position: 0, color: black() }] }] },
        lookup,
      ),
    ).toMatchObject({ kind: 'skipped' });
  });
});

describe('GRID -> an $extensions group', () => {
  it('describes columns, rows and square grids with units, and names bound variables', () => {
    const m = mapStyle(
      style('GRID'),
      {
        layoutGrids: [
          {
            pattern: 'COLUMNS',
            count: 4,
            gutterSize: 16,
            offset: 8,
            alignment: 'STRETCH',
            sectionSize: 1,
            visible: true,
            color: { r: 1, g: 0, b: 0, a: 0.1 },
            boundVariables: { gutterSize: alias('V:size') },
          },
          { pattern: 'ROWS', count: 3, gutterSize: 0, offset: 0, alignment: 'MIN', sectionSize: 40, visible: true },
          { pattern: 'GRID', sectionSize: 8, visible: true },
          { pattern: 'GRID', sectionSize: 4, visible: false },
        ],
      },
      lookup,
    );
    expect(m).toEqual({
      kind: 'grid',
      style: style('GRID'),
      variables: ['V:size'],
      extension: {
        layoutGrids: [
          {
            pattern: 'columns',
            count: 4,
            alignment: 'stretch',
            gutter: { value: 16, unit: 'px' },
            offset: { value: 8, unit: 'px' },
            color: '#ff00001a',
          },
          {
            pattern: 'rows',
            count: 3,
            alignment: 'min',
            gutter: { value: 0, unit: 'px' },
            offset: { value: 0, unit: 'px' },
            sectionSize: { value: 40, unit: 'px' },
          },
          { pattern: 'grid', sectionSize: { value: 8, unit: 'px' } },
        ],
        boundVariables: { '0.gutterSize': 'semantic/space/inset' },
      },
    });
  });
});
