/**
 * Figma's REST API (npm `@figma/rest-api-spec`, openapi/openapi.yaml): `X-Figma-Token`, the
 * `file_variables:*` scopes for variables (personal tokens too), one POST that creates, updates and
 * deletes (schemas/figma-variables.ts), and webhooks v2 with `context`/`context_id`, listed per team
 * at `/v2/teams/:team_id/webhooks`.
 */
import type { FigmaWriteResponse } from '../schemas/figma-variables.js';
import type { Dialect } from './types.js';

export const figmaDialect: Dialect = {
  name: 'figma',
  tokenHeader: 'x-figma-token',
  // OpenAPI `security` of each operation (OAuth2 scopes); personal tokens are created with the same
  // scope names in Figma's settings.
  scopes: {
    read: { personal: 'file_content:read', oauth: 'file_content:read' },
    readVariables: { personal: 'file_variables:read', oauth: 'file_variables:read' },
    writeVariables: { personal: 'file_variables:write', oauth: 'file_variables:write' },
    comments: { personal: 'file_comments:write', oauth: 'file_comments:write' },
    webhooks: { personal: 'webhooks:write', oauth: 'webhooks:write' },
  },
  canDelete: true,
  // LocalVariableCollection.isExtension, VariableCollectionCreate.parentVariableCollectionId.
  extensions: true,
  deleteCollections: (ids) => ({
    method: 'POST',
    body: { variableCollections: ids.map((id) => ({ action: 'DELETE', id })) } as never,
  }),
  write: {
    methods: ['POST'],
    responseSchema: () => import('../schemas/figma-variables.js').then((m) => m.figmaWriteResponseSchema),
    mapping: (response) => (response as FigmaWriteResponse).meta.tempIdToRealId,
  },
  webhooks: {
    // `team_id` is deprecated in the OpenAPI document; `context` and `context_id` replace it.
    createBody: ({ team_id, ...rest }) => ({ ...rest, context: 'team', context_id: team_id }),
    listPath: (teamId) => ({
      path: `/v2/teams/${encodeURIComponent(teamId)}/webhooks`,
      endpoint: 'GET /v2/teams/:team_id/webhooks',
    }),
  },
};
