/**
 * The demo file's content (`--seed demo`): its pages and nodes, published components, comments and
 * variables. Data only; seed.ts puts it into a file record.
 */
import { stableKey } from './ids.js';
import type {
  CollectionRecord,
  CommentRecord,
  DocNode,
  EmulatorState,
  FileRecord,
  PublishedComponent,
  Rgba,
  VariableRecord,
  VariableValue,
} from './state.js';

type Identity = EmulatorState['identity'];
type At = (minutesAgo: number) => string;

const hex = (h: string): Rgba => ({
  r: parseInt(h.slice(1, 3), 16) / 255,
  g: parseInt(h.slice(3, 5), 16) / 255,
  b: parseInt(h.slice(5, 7), 16) / 255,
  a: 1,
});

const solid = (h: string): unknown => ({ type: 'SOLID', color: hex(h) });
const box = (x: number, y: number, w: number, h: number): unknown => ({ x, y, width: w, height: h });

/** The document tree: a Foundations page and a Components page. */
export function demoDocument(): DocNode {
  return { id: '0:0', name: 'Document', type: 'DOCUMENT', children: [foundationsPage(), componentsPage()] };
}

/** Color swatches, the brand logo (an image fill) and the type scale. */
function foundationsPage(): DocNode {
  return {
    id: '0:1',
    name: 'Foundations',
    type: 'CANVAS',
    backgroundColor: hex('#f5f5f5'),
    children: [
      {
        id: '1:2',
        name: 'Color swatches',
        type: 'FRAME',
        absoluteBoundingBox: box(0, 0, 640, 320),
        fills: [solid('#ffffff')],
        styles: { fill: '3:1' },
        children: [
          {
            id: '1:5',
            name: 'Blue 500',
            type: 'RECTANGLE',
            absoluteBoundingBox: box(16, 16, 96, 96),
            fills: [solid('#2563eb')],
            children: [],
          },
          {
            id: '1:6',
            name: 'Red 500',
            type: 'RECTANGLE',
            absoluteBoundingBox: box(128, 16, 96, 96),
            fills: [solid('#ef4444')],
            children: [],
          },
        ],
      },
      {
        id: '1:3',
        name: 'Brand logo',
        type: 'FRAME',
        absoluteBoundingBox: box(0, 400, 200, 80),
        fills: [{ type: 'IMAGE', imageRef: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678', scaleMode: 'FIT' }],
        children: [],
      },
      {
        id: '1:4',
        name: 'Type scale',
        type: 'FRAME',
        absoluteBoundingBox: box(0, 520, 640, 240),
        fills: [solid('#ffffff')],
        styles: { text: '3:2' },
        children: [],
      },
    ],
  };
}

/** The Button set with two variants, an icon and a card holding a button instance. */
function componentsPage(): DocNode {
  return {
    id: '0:2',
    name: 'Components',
    type: 'CANVAS',
    backgroundColor: hex('#ffffff'),
    children: [
      {
        id: '2:1',
        name: 'Button',
        type: 'COMPONENT_SET',
        absoluteBoundingBox: box(0, 0, 320, 120),
        fills: [],
        children: [
          {
            id: '2:2',
            name: 'Variant=Primary',
            type: 'COMPONENT',
            absoluteBoundingBox: box(16, 16, 120, 40),
            fills: [solid('#2563eb')],
            styles: { fill: '3:1' },
            children: [],
          },
          {
            id: '2:3',
            name: 'Variant=Secondary',
            type: 'COMPONENT',
            absoluteBoundingBox: box(160, 16, 120, 40),
            fills: [solid('#e5e7eb')],
            children: [],
          },
        ],
      },
      {
        id: '2:4',
        name: 'Icon/Check',
        type: 'COMPONENT',
        absoluteBoundingBox: box(400, 0, 24, 24),
        fills: [solid('#111827')],
        children: [],
      },
      {
        id: '2:5',
        name: 'Card',
        type: 'FRAME',
        absoluteBoundingBox: box(0, 200, 360, 240),
        fills: [solid('#ffffff')],
        effects: [],
        styles: { effect: '3:3', fill: '3:1' },
        children: [
          {
            id: '2:6',
            name: 'Card/Button',
            type: 'INSTANCE',
            componentId: '2:2',
            absoluteBoundingBox: box(16, 176, 120, 40),
            fills: [solid('#2563eb')],
            children: [],
          },
        ],
      },
    ],
  };
}

/** The published components and component sets of the Components page. */
export function demoComponents(
  identity: Identity,
  at: At,
): { components: PublishedComponent[]; componentSets: PublishedComponent[] } {
  const frame = (nodeId: string, name: string): PublishedComponent['containing_frame'] => ({
    name,
    nodeId,
    pageName: 'Components',
    pageId: '0:2',
  });
  const component = (
    node_id: string,
    name: string,
    description: string,
    parent: PublishedComponent['containing_frame'],
  ): PublishedComponent => ({
    key: stableKey(identity.fileKey, `component:${node_id}`),
    name,
    description,
    node_id,
    created_at: at(500),
    updated_at: at(90),
    containing_frame: parent,
    userId: identity.ownerId,
  });
  const components = [
    component('2:2', 'Variant=Primary', 'Primary action', frame('2:1', 'Button')),
    component('2:3', 'Variant=Secondary', 'Secondary action', frame('2:1', 'Button')),
    component('2:4', 'Icon/Check', 'Check mark, 24 px', frame('0:2', 'Components')),
  ];
  const componentSets = [component('2:1', 'Button', 'Buttons in two variants', frame('0:2', 'Components'))];
  return { components, componentSets };
}

/** A short thread on the danger color and a resolved note on the button. */
export function demoComments(identity: Identity, at: At): CommentRecord[] {
  const comment = (
    id: number,
    userId: string,
    message: string,
    minutesAgo: number,
    parent: string,
    meta: CommentRecord['client_meta'],
    resolved: boolean,
  ): CommentRecord => ({
    id: String(id),
    file_key: identity.fileKey,
    parent_id: parent,
    userId,
    message,
    created_at: at(minutesAgo),
    resolved_at: resolved ? at(minutesAgo - 10) : null,
    order_id: String(id),
    client_meta: meta,
  });
  return [
    comment(
      1,
      identity.ownerId,
      'Should the danger color be a bit darker in dark mode?',
      300,
      '',
      { x: 140, y: 40, node_id: '1:6' },
      false,
    ),
    comment(
      2,
      identity.collaboratorId,
      'Agreed, I will try red/600.',
      280,
      '1',
      { x: 140, y: 40, node_id: '1:6' },
      false,
    ),
    comment(
      3,
      identity.collaboratorId,
      'Button padding now uses space/2.',
      200,
      '',
      { x: 40, y: 30, node_id: '2:2' },
      true,
    ),
  ];
}

/** Two collections: primitives (one mode) and semantic (Light, Dark) aliasing them. */
export function addDemoVariables(file: FileRecord): void {
  const id = (): number => file.nextId++;
  const collection = (name: string, modes: string[]): CollectionRecord => {
    const cid = `VariableCollectionId:${file.fileNo}:${id()}`;
    const c: CollectionRecord = {
      id: cid,
      name,
      key: stableKey(file.key, cid),
      modes: modes.map((m) => ({ modeId: `${file.fileNo}:${id()}`, name: m })),
      defaultModeId: '',
      variableIds: [],
      hiddenFromPublishing: false,
      remote: false,
    };
    c.defaultModeId = c.modes[0]?.modeId ?? '';
    file.variableCollections[c.id] = c;
    return c;
  };
  const variable = (
    c: CollectionRecord,
    name: string,
    type: VariableRecord['resolvedType'],
    values: VariableValue[],
    description = '',
    scopes = ['ALL_SCOPES'],
  ): VariableRecord => {
    const vid = `VariableID:${file.fileNo}:${id()}`;
    const v: VariableRecord = {
      id: vid,
      name,
      key: stableKey(file.key, vid),
      variableCollectionId: c.id,
      resolvedType: type,
      valuesByMode: Object.fromEntries(c.modes.map((m, i) => [m.modeId, values[i] ?? values[0] ?? 0])),
      scopes,
      description,
      hiddenFromPublishing: false,
      remote: false,
      codeSyntax: {},
    };
    file.variables[v.id] = v;
    c.variableIds.push(v.id);
    return v;
  };
  const alias = (v: VariableRecord): VariableValue => ({ type: 'VARIABLE_ALIAS', id: v.id });

  const p = collection('primitives', ['Value']);
  const blue500 = variable(p, 'color/blue/500', 'COLOR', [hex('#2563eb')], 'Brand blue');
  const blue400 = variable(p, 'color/blue/400', 'COLOR', [hex('#60a5fa')]);
  const gray0 = variable(p, 'color/gray/0', 'COLOR', [hex('#ffffff')]);
  const gray900 = variable(p, 'color/gray/900', 'COLOR', [hex('#111827')]);
  const red500 = variable(p, 'color/red/500', 'COLOR', [hex('#ef4444')]);
  const red600 = variable(p, 'color/red/600', 'COLOR', [hex('#dc2626')]);
  variable(p, 'color/black/alpha-50', 'COLOR', [{ r: 0, g: 0, b: 0, a: 0.5 }], 'Scrim');
  const space2 = variable(p, 'space/2', 'FLOAT', [8], '', ['GAP', 'WIDTH_HEIGHT']);
  const space4 = variable(p, 'space/4', 'FLOAT', [16], '', ['GAP', 'WIDTH_HEIGHT']);
  variable(p, 'radius/md', 'FLOAT', [6], 'Default corner radius', ['CORNER_RADIUS']);
  const sans = variable(p, 'font/family/sans', 'STRING', ['Inter'], '', ['FONT_FAMILY']);
  variable(p, 'font/weight/bold', 'FLOAT', [700], '', ['FONT_WEIGHT']);

  const s = collection('semantic', ['Light', 'Dark']);
  variable(s, 'color/background', 'COLOR', [alias(gray0), alias(gray900)], 'Page background');
  variable(s, 'color/text', 'COLOR', [alias(gray900), alias(gray0)], 'Body text');
  variable(s, 'color/primary', 'COLOR', [alias(blue500), alias(blue400)]);
  variable(s, 'color/danger', 'COLOR', [alias(red500), alias(red600)]);
  variable(s, 'space/inset', 'FLOAT', [alias(space4), alias(space2)]);
  variable(s, 'font/body', 'STRING', [alias(sans)]);
  variable(s, 'label/greeting', 'STRING', ['Hello', 'Good evening']);
  variable(s, 'feature/rounded-corners', 'BOOLEAN', [true, false], 'Use rounded corners');
  variable(s, 'opacity/disabled', 'FLOAT', [0.4, 0.5], '', ['OPACITY']);
}
