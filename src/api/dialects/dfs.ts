/** The published Design File Service spec (docs/api-client.md "Endpoints"): the default dialect. */
import type { VariablesWriteResponse } from '../schemas/variables.js';
import type { Dialect } from './types.js';

export const dfsDialect: Dialect = {
  name: 'dfs',
  tokenHeader: 'x-service-token',
  // Spec "Personal token scopes"; the OAuth names where the spec is silent follow the agreed table.
  scopes: {
    read: { personal: 'file_content:read', oauth: 'files:read' },
    readVariables: { personal: 'file_content:read', oauth: 'file_variables:read' },
    writeVariables: { personal: 'file_content:write', oauth: 'file_variables:write' },
    comments: { personal: 'file_comments:write', oauth: 'file_comments:write' },
    webhooks: { personal: 'webhooks:write', oauth: 'webhooks:write' },
  },
  // The spec has no DELETE action: orphans stay reported orphans.
  canDelete: false,
  // The spec's collections have no parent.
  extensions: false,
  write: {
    methods: ['POST', 'PUT'],
    responseSchema: () => import('../schemas/variables.js').then((m) => m.variablesWriteResponseSchema),
    mapping: (response) => (response as VariablesWriteResponse).meta.tempIdMapping,
  },
  webhooks: {
    createBody: (body) => ({ ...body }),
    listPath: (teamId) => ({
      path: `/v2/webhooks/${encodeURIComponent(teamId)}`,
      endpoint: 'GET /v2/webhooks/:team_id',
    }),
  },
};
