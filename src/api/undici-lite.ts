/**
 * The two parts of undici the client uses, Agent and request, loaded without the rest of the package
 * (issue 6): `import 'undici'` loads fetch, WebSocket, the mocks, caches and interceptors too, ~85 ms
 * of a push's or pull's start-up, where these two files take ~28 ms. They are undici's own modules,
 * `request` called with the agent as `this`, exactly as undici's index attaches it to every
 * dispatcher. Should a later undici move them, the whole package is loaded instead (same behaviour,
 * only slower); test/api/undici-lite.test.ts tells which one is in use.
 */
import { createRequire } from 'node:module';
import type { Agent as AgentClass, Dispatcher } from 'undici';

const require = createRequire(import.meta.url);

type RequestFn = (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

function load(): { Agent: typeof AgentClass; request: RequestFn; lite: boolean } {
  try {
    const Agent = require('undici/lib/dispatcher/agent.js') as typeof AgentClass;
    const request = require('undici/lib/api/api-request.js') as RequestFn;
    if (typeof Agent === 'function' && typeof request === 'function') return { Agent, request, lite: true };
  } catch {
    // fall through to the whole package
  }
  const undici = require('undici') as typeof import('undici');
  return { Agent: undici.Agent, request: undici.Dispatcher.prototype.request as RequestFn, lite: false };
}

const parts = load();

export const Agent = parts.Agent;
export type Agent = AgentClass;
/** True when the two modules were loaded on their own (the fast path). */
export const undiciLite = parts.lite;

export function request(agent: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  return parts.request.call(agent, options);
}
