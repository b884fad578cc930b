/**
 * Node's module debug log (`NODE_DEBUG=module,esm`) names every CommonJS package and ES module a
 * spawned CLI loads: the load tests (check-loads, sync-loads) read it.
 */
export const DEBUG = { NODE_DEBUG: 'module,esm' };
/** An import of a file inside undici (`undici/lib/...`) from tokensync's code rather than its package entry. */
export const DEEP_UNDICI = /-> undici\/|REQUEST \S*node_modules\/undici\/\S* parent: \S*\/dist\//;
