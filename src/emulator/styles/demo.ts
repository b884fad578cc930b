/**
 * The demo file's styles: text, effect, paint and grid styles with realistic node data,
 * some bound to the demo's variables, so a pull maps every kind and a mode switch flows through.
 * The first four keep the node ids and keys they had before styles had nodes (3:1 to 3:4).
 */
import { stableKey } from '../ids.js';
import type { FileRecord, PublishedStyle, Rgba } from '../state.js';
import { gradientPaint, layoutGrid, shadow, solidPaint, styleNode, typeStyle, type StyleType } from './nodes.js';

const rgba = (h: string, a = 1): Rgba => ({
  r: parseInt(h.slice(1, 3), 16) / 255,
  g: parseInt(h.slice(3, 5), 16) / 255,
  b: parseInt(h.slice(5, 7), 16) / 255,
  a,
});

/** One demo style: its node id, name, type, description and the node fields that define it. */
interface DemoStyle {
  nodeId: string;
  name: string;
  type: StyleType;
  description: string;
  fields: Record<string, unknown>;
}

/** A variable id of the demo file by collection and name (a style binds to it). */
type VariableId = (collection: string, name: string) => string;

const spec = (
  nodeId: string,
  name: string,
  type: StyleType,
  description: string,
  fields: Record<string, unknown>,
): DemoStyle => ({ nodeId, name, type, description, fields });

export function addDemoStyles(file: FileRecord, at: (minutesAgo: number) => string, ownerId: string): void {
  const v: VariableId = (collection, name) => {
    const c = Object.values(file.variableCollections).find((x) => x.name === collection);
    const found = Object.values(file.variables).find((x) => x.variableCollectionId === c?.id && x.name === name);
    if (!found) throw new Error(`demo styles: no variable ${collection}/${name}`);
    return found.id;
  };
  file.styleNodes = {};
  // In node id order (3:1, 3:2, …), the order the file lists its styles in.
  const styles = [...fillStyles(v), ...textStyles(v), ...effectStyles(v), ...gridStyles(v)].sort(
    (a, b) => Number(a.nodeId.split(':')[1]) - Number(b.nodeId.split(':')[1]),
  );
  for (const { nodeId, name, type, description, fields } of styles) {
    const s: PublishedStyle = {
      key: stableKey(file.key, `style:${nodeId}`),
      name,
      description,
      style_type: type,
      node_id: nodeId,
      created_at: at(600),
      updated_at: at(120),
      userId: ownerId,
    };
    file.styles.push(s);
    file.styleNodes[nodeId] = styleNode(nodeId, name, type, fields);
  }
}

/** Paint styles: a bound solid, a linear gradient with bound stops, a radial highlight. */
function fillStyles(v: VariableId): DemoStyle[] {
  return [
    spec('3:1', 'Surface/Default', 'FILL', 'Default surface fill', {
      fills: [solidPaint(rgba('#ffffff'), v('semantic', 'color/background'))],
    }),
    spec('3:9', 'Brand/Gradient', 'FILL', 'Brand blue, left to right', {
      fills: [
        gradientPaint(
          'LINEAR',
          [
            [0, 0.5],
            [1, 0.5],
            [0, 1],
          ],
          [
            { color: rgba('#2563eb'), position: 0, bound: v('primitives', 'color/blue/500') },
            { color: rgba('#60a5fa'), position: 1, bound: v('primitives', 'color/blue/400') },
          ],
        ),
      ],
    }),
    spec('3:10', 'Spotlight', 'FILL', 'Radial highlight', {
      fills: [
        gradientPaint(
          'RADIAL',
          [
            [0.5, 0.5],
            [1, 0.5],
            [0.5, 1],
          ],
          [
            { color: rgba('#ffffff', 0.8), position: 0 },
            { color: rgba('#ffffff', 0), position: 1 },
          ],
        ),
      ],
    }),
  ];
}

/** Text styles: pixel, percent and automatic line heights; some bound to font variables. */
function textStyles(v: VariableId): DemoStyle[] {
  return [
    spec('3:2', 'Body/Regular', 'TEXT', 'Inter 16/24', {
      style: typeStyle({
        family: 'Inter',
        weight: 400,
        size: 16,
        lineHeight: { unit: 'PIXELS', px: 24 },
        bound: { fontFamily: v('semantic', 'font/body') },
      }),
    }),
    spec('3:5', 'Heading/H1', 'TEXT', 'Inter Bold 32, 120%', {
      style: typeStyle({
        family: 'Inter',
        weight: 700,
        size: 32,
        lineHeight: { unit: 'FONT_SIZE_%', percent: 120 },
        letterSpacing: -0.5,
        bound: { fontFamily: v('semantic', 'font/body'), fontWeight: v('primitives', 'font/weight/bold') },
      }),
    }),
    spec('3:6', 'Caption', 'TEXT', 'Inter 12, auto line height', {
      style: typeStyle({
        family: 'Inter',
        weight: 400,
        size: 12,
        lineHeight: { unit: 'INTRINSIC_%' },
        letterSpacing: 0.2,
      }),
    }),
  ];
}

/** Effect styles: a two-layer drop shadow, a focus ring, an inner shadow. */
function effectStyles(v: VariableId): DemoStyle[] {
  return [
    spec('3:3', 'Elevation/Card', 'EFFECT', 'Card shadow', {
      // Bottom first, as the API lists effects (the design tool's panel and CSS show the 1 px one on top).
      effects: [
        shadow({
          color: rgba('#000000', 0.5),
          x: 0,
          y: 4,
          blur: 8,
          spread: -2,
          bound: { color: v('primitives', 'color/black/alpha-50') },
        }),
        shadow({ color: rgba('#000000', 0.05), x: 0, y: 1, blur: 2 }),
      ],
    }),
    spec('3:7', 'Focus/Ring', 'EFFECT', 'Focus ring in the primary color', {
      effects: [
        shadow({
          color: rgba('#2563eb'),
          x: 0,
          y: 0,
          blur: 0,
          spread: 3,
          bound: { color: v('semantic', 'color/primary') },
        }),
      ],
    }),
    spec('3:8', 'Inset/Well', 'EFFECT', 'Sunken well', {
      effects: [shadow({ inner: true, color: rgba('#000000', 0.1), x: 0, y: 2, blur: 4 })],
    }),
  ];
}

/** Grid styles: 12 columns, and an 8 px square grid whose size is bound to a variable. */
function gridStyles(v: VariableId): DemoStyle[] {
  return [
    spec('3:4', 'Layout/12 columns', 'GRID', '12-column grid, 24 px gutter', {
      layoutGrids: [
        layoutGrid({
          pattern: 'COLUMNS',
          count: 12,
          gutter: 24,
          offset: 32,
          alignment: 'STRETCH',
          color: rgba('#ff0000', 0.1),
        }),
      ],
    }),
    spec('3:11', 'Layout/8 px grid', 'GRID', '8 px square grid', {
      layoutGrids: [
        layoutGrid({
          pattern: 'GRID',
          count: 0,
          gutter: 0,
          offset: 0,
          section: 8,
          alignment: 'STRETCH',
          color: rgba('#0000ff', 0.1),
          bound: { sectionSize: v('primitives', 'space/2') },
        }),
      ],
    }),
  ];
}
