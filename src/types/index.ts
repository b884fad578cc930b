/**
 * Every DTCG type tokensync knows, keyed by `$type`. Adding a type: its module file
 * under src/types/ and one line here (plus its name in DTCG_TYPE_NAMES and its value shape in
 * src/model/dtcg.ts).
 */
import type { DtcgType } from '../model/dtcg.js';
import { booleanModule } from './boolean.js';
import { borderModule } from './border.js';
import { colorModule } from './color.js';
import { cubicBezierModule } from './cubic-bezier.js';
import { dimensionModule } from './dimension.js';
import { durationModule } from './duration.js';
import { fontFamilyModule } from './font-family.js';
import { fontWeightModule } from './font-weight.js';
import { gradientModule } from './gradient.js';
import type { TypeModule } from './module.js';
import { numberModule } from './number.js';
import { shadowModule } from './shadow.js';
import { stringModule } from './string.js';
import { strokeStyleModule } from './stroke-style.js';
import { transitionModule } from './transition.js';
import { typographyModule } from './typography.js';

export type {
  EncodeContext,
  ParseContext,
  SubPath,
  TypeModule,
  VariableMapping,
} from './module.js';

export const TYPE_MODULES: { [K in DtcgType]: TypeModule<K> } = {
  color: colorModule,
  dimension: dimensionModule,
  fontFamily: fontFamilyModule,
  fontWeight: fontWeightModule,
  duration: durationModule,
  cubicBezier: cubicBezierModule,
  number: numberModule,
  strokeStyle: strokeStyleModule,
  border: borderModule,
  transition: transitionModule,
  shadow: shadowModule,
  gradient: gradientModule,
  typography: typographyModule,
  string: stringModule,
  boolean: booleanModule,
};

/** The module of a `$type`, or undefined for a type DTCG 2025.10 does not define. */
export function typeModule(type: string): TypeModule | undefined {
  return Object.hasOwn(TYPE_MODULES, type) ? (TYPE_MODULES[type as DtcgType] as unknown as TypeModule) : undefined;
}

/** Whether tokens of this type are synced as variables (else repository-owned). */
export function isVariableType(type: DtcgType): boolean {
  return TYPE_MODULES[type].variable !== undefined;
}
