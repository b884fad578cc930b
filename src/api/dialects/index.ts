/** The API dialects (docs/architecture.md "Dialects"). */
import { dfsDialect } from './dfs.js';
import { figmaDialect } from './figma.js';
import type { ApiDialectName, Dialect } from './types.js';

export type { ApiDialectName, Dialect } from './types.js';
export { API_DIALECTS } from './types.js';

export function dialectOf(name: ApiDialectName | undefined): Dialect {
  return name === 'figma' ? figmaDialect : dfsDialect;
}
