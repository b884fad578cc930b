/**
 * The types of composite tokens for Swift (ios/TokenTypes.swift) and Kotlin
 * (compose/TokenTypes.kt), printed only when the token set has composites, and only those it uses
 * (with what they are made of: a border holds a strokeStyle). Each type's declaration lives with
 * its renderer (render/*.ts).
 */
import type { FormatFn } from 'style-dictionary/types';
import { renders } from '../render/index.js';
import { GENERATED, type FormatContext } from './common.js';

/** What each composite's declaration uses. */
const USES: Record<string, string[]> = { border: ['strokeStyle'], transition: ['cubicBezier'] };
const ORDER = ['cubicBezier', 'strokeStyle', 'border', 'transition', 'shadow', 'gradient', 'typography'];

export function usedTypes(ctx: FormatContext): string[] {
  const want = new Set<string>();
  for (const t of ctx.composites) for (const x of [t, ...(USES[t] ?? [])]) want.add(x);
  return ORDER.filter((t) => want.has(t));
}

export function swiftTypesFormat(ctx: FormatContext): FormatFn {
  return () => {
    const decls = usedTypes(ctx).flatMap((t) =>
      renders[t as keyof typeof renders].swiftType ? [renders[t as keyof typeof renders].swiftType!] : [],
    );
    return `//\n// ios/TokenTypes.swift\n//\n\n// ${GENERATED}\n\nimport UIKit\n\n${decls.join('\n\n')}\n`;
  };
}

export function composeTypesFormat(ctx: FormatContext, packageName: string): FormatFn {
  return () => {
    const decls = usedTypes(ctx).flatMap((t) =>
      renders[t as keyof typeof renders].composeType ? [renders[t as keyof typeof renders].composeType!] : [],
    );
    const imports = [
      'androidx.compose.animation.core.CubicBezierEasing',
      'androidx.compose.ui.graphics.Color',
      'androidx.compose.ui.unit.*',
    ];
    return `// ${GENERATED}\n\npackage ${packageName}\n\n${imports.map((i) => `import ${i}`).join('\n')}\n\n${decls.join('\n\n')}\n`;
  };
}
