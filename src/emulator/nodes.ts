/**
 * Node trees with the fields Figma requires ("node trees lack fields Figma requires"; Figma's
 * OpenAPI document, schemas DocumentNode, CanvasNode, FrameNode, RectangleNode, ComponentNode,
 * ComponentSetNode, InstanceNode and the traits they compose). The seed keeps its nodes short; every
 * answer that carries nodes (GET file, GET nodes) completes them here, in both dialects, with the
 * values a plain node has in Figma: normal blending, no effects, scrolling with its parent, render
 * bounds equal to the bounding box, frames clipping their content, paints visible at full opacity.
 * Fields a node already has are kept. test/figma-spec checks every node against its schema.
 */
import type { DocNode } from './state.js';

type Json = Record<string, unknown>;

const FRAME_LIKE = new Set(['FRAME', 'COMPONENT', 'COMPONENT_SET', 'INSTANCE', 'SECTION']);

function paint(p: unknown): unknown {
  if (typeof p !== 'object' || p === null) return p;
  return { blendMode: 'NORMAL', ...(p as Json) };
}

/** One node completed (its children are completed by the caller's walk). */
export function completeNode(node: DocNode): DocNode {
  const out: Json = { ...node };
  const type = node.type;
  out['scrollBehavior'] ??= 'SCROLLS';
  if (type === 'DOCUMENT') return out as DocNode;
  if (type === 'CANVAS') {
    out['backgroundColor'] ??= { r: 1, g: 1, b: 1, a: 1 };
    out['prototypeStartNodeID'] ??= null;
    out['flowStartingPoints'] ??= [];
    out['prototypeDevice'] ??= { type: 'NONE', rotation: 'NONE' };
    return out as DocNode;
  }
  out['blendMode'] ??= 'PASS_THROUGH';
  out['effects'] ??= [];
  if (Array.isArray(out['fills'])) out['fills'] = (out['fills'] as unknown[]).map(paint);
  if (Array.isArray(out['strokes'])) out['strokes'] = (out['strokes'] as unknown[]).map(paint);
  if (out['absoluteBoundingBox'] !== undefined) out['absoluteRenderBounds'] ??= out['absoluteBoundingBox'];
  else out['absoluteRenderBounds'] ??= null;
  if (FRAME_LIKE.has(type)) out['clipsContent'] ??= true;
  if (type === 'INSTANCE') out['overrides'] ??= [];
  return out as DocNode;
}

/** A copy of the subtree, every node completed. */
export function completeTree(node: DocNode): DocNode {
  const done = completeNode(node);
  if (node.children) done.children = node.children.map(completeTree);
  return done;
}
