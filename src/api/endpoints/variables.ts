/** The variables endpoints: read a file's local variables, write them in the client's dialect (spec "Variables"). */
import { TokensyncError } from '../../errors.js';
import type { DesignFileClient } from '../client-types.js';
import { createHash } from 'node:crypto';
import { parseBody, type CallOptions } from '../http.js';
import { isLocalVariablesResponse, isVariablesWriteResponse } from '../schemas/variables-check.js';
import { type EndpointContext, filePath } from './context.js';

type VariableEndpoints = Pick<
  DesignFileClient,
  'getLocalVariables' | 'getLocalVariablesBody' | 'postVariables' | 'putVariables' | 'writeVariables'
>;

/** The zod schemas, loaded only when a body fails the hand check (http.ts `SchemaLoader`). */
const localSchema = () => import('../schemas/variables.js').then((m) => m.localVariablesResponseSchema);
const writeSchema = () => import('../schemas/variables.js').then((m) => m.variablesWriteResponseSchema);

export function variableEndpoints({ http, dialect, redactor }: EndpointContext): VariableEndpoints {
  const { readVariables: READ_VARS, writeVariables: WRITE_VARS } = dialect.scopes;
  const write = (fileKey: string, method: 'POST' | 'PUT', json: unknown, jsonText?: string): CallOptions => ({
    method,
    path: `${filePath(fileKey)}/variables`,
    endpoint: `${method} /v1/files/:file_key/variables`,
    scope: WRITE_VARS,
    json,
    jsonText,
  });
  const readLocal = (fileKey: string): CallOptions => ({
    method: 'GET',
    path: `${filePath(fileKey)}/variables/local`,
    endpoint: 'GET /v1/files/:file_key/variables/local',
    scope: READ_VARS,
  });
  return {
    getLocalVariables: (fileKey) => http.json(readLocal(fileKey), localSchema, isLocalVariablesResponse),
    getLocalVariablesBody: async (fileKey) => {
      const o = readLocal(fileKey);
      const res = await http.call(o);
      const init = { method: o.method, url: http.displayUrl(o.path), status: res.status };
      // Hashed chunk by chunk: the warm path never joins the answer into one buffer (docs/caching.md).
      const hash = createHash('sha256');
      for (const chunk of res.chunks) hash.update(chunk);
      return {
        digest: hash.digest('hex'),
        parse: () => parseBody(res.chunks, localSchema, o.endpoint, init, redactor, isLocalVariablesResponse),
      };
    },
    postVariables: (fileKey, body) => http.json(write(fileKey, 'POST', body), writeSchema, isVariablesWriteResponse),
    putVariables: (fileKey, body) => http.json(write(fileKey, 'PUT', body), writeSchema, isVariablesWriteResponse),
    writeVariables: async (fileKey, request) => {
      if (!dialect.write.methods.includes(request.method)) {
        throw new TokensyncError(
          'API_BAD_INPUT',
          `The ${dialect.name} dialect has no ${request.method} /v1/files/:file_key/variables.`,
          {
            hint: "The plan was compiled for another dialect; compile it with the client's dialect (service.api).",
          },
        );
      }
      const answer = await http.json(
        write(fileKey, request.method, request.body, request.text),
        dialect.write.responseSchema,
        dialect.name === 'dfs' ? isVariablesWriteResponse : undefined,
      );
      return dialect.write.mapping(answer);
    },
  };
}
