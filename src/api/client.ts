/**
 * The Design File Service client: one function per endpoint of the spec, typed inputs,
 * every answer validated with zod. The only code in tokensync that speaks HTTP to the service.
 * This file wires the parts (transport, auth, dialect); the endpoints live in endpoints/, one file
 * per part of the spec.
 */
import { timeScaleFromEnv } from '../time-scale.js';
import { OAuthAuth, tokenAuth } from './auth.js';
import type { ClientOptions, DesignFileClient } from './client-types.js';
import { dialectOf } from './dialects/index.js';
import type { EndpointContext } from './endpoints/context.js';
import { fileEndpoints } from './endpoints/files.js';
import { libraryEndpoints } from './endpoints/library.js';
import { variableEndpoints } from './endpoints/variables.js';
import { webhookEndpoints } from './endpoints/webhooks.js';
import { Http } from './http.js';
import { Redactor } from './redact.js';
import { ConnectionPool, parseBaseUrl } from './transport.js';
import { Trust } from './trust.js';

export type { ClientOptions, DesignFileClient, VariablesWrite } from './client-types.js';
export type { RequestEvent, RequestStats } from './http.js';

export function createClient(options: ClientOptions): DesignFileClient {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const timeScale = options.timeScale ?? timeScaleFromEnv(options.env ?? process.env);
  const redactor = new Redactor();
  const pool = new ConnectionPool(new Trust(options.ca, options.env ?? process.env), timeoutMs);
  const http = new Http({
    base: parseBaseUrl(options.baseUrl),
    pool,
    redactor,
    timeoutMs,
    maxRetries: options.maxRetries ?? 4,
    retryBudgetSeconds: options.retryBudgetSeconds ?? 60,
    timeScale,
    ...(options.maxResponseBytes === undefined ? {} : { maxResponseBytes: options.maxResponseBytes }),
    ...(options.signal ? { signal: options.signal } : {}),
    onRequest: options.onRequest,
    onWait: options.onWait,
  });
  const dialect = dialectOf(options.api);
  const a = options.auth;
  http.auth =
    a.kind === 'token'
      ? tokenAuth(a.token, redactor, dialect.tokenHeader)
      : new OAuthAuth({
          clientId: a.clientId,
          clientSecret: a.clientSecret,
          tokenFile: a.tokenFile,
          http,
          redactor,
          timeScale,
        });
  const context: EndpointContext = { http, dialect, redactor };
  return {
    dialect,
    ...fileEndpoints(context),
    ...libraryEndpoints(context),
    ...variableEndpoints(context),
    ...webhookEndpoints(context),
    stats: () => http.stats(),
    close: () => pool.close(),
  };
}
