/** The library endpoints: a file's published styles, components and component sets, page by page (spec "Library"). */
import type { DesignFileClient } from '../client-types.js';
import type { CallOptions } from '../http.js';
import { pageQuery, paginate } from '../paginate.js';
import { type EndpointContext, filePath, seg } from './context.js';

/** Response schemas, loaded only when a body is validated (http.ts `SchemaLoader`). */
const componentSetsPageSchema = () => import('../schemas/library.js').then((m) => m.componentSetsPageSchema);
const componentsPageSchema = () => import('../schemas/library.js').then((m) => m.componentsPageSchema);
const styleResponseSchema = () => import('../schemas/library.js').then((m) => m.styleResponseSchema);
const stylesPageSchema = () => import('../schemas/library.js').then((m) => m.stylesPageSchema);

type LibraryEndpoints = Pick<
  DesignFileClient,
  | 'getFileStyles'
  | 'iterateFileStyles'
  | 'getStyle'
  | 'getFileComponents'
  | 'iterateFileComponents'
  | 'getFileComponentSets'
  | 'iterateFileComponentSets'
>;

export function libraryEndpoints({ http, dialect }: EndpointContext): LibraryEndpoints {
  const READ = dialect.scopes.read;
  /** GET /v1/files/:file_key/<what>, one page. */
  const page = (fileKey: string, what: string, p: Parameters<typeof pageQuery>[0]): CallOptions => ({
    method: 'GET',
    path: `${filePath(fileKey)}/${what}${pageQuery(p)}`,
    endpoint: `GET /v1/files/:file_key/${what}`,
    scope: READ,
  });
  const getFileStyles: LibraryEndpoints['getFileStyles'] = (fileKey, p) =>
    http.json(page(fileKey, 'styles', p), stylesPageSchema);
  const getFileComponents: LibraryEndpoints['getFileComponents'] = (fileKey, p) =>
    http.json(page(fileKey, 'components', p), componentsPageSchema);
  const getFileComponentSets: LibraryEndpoints['getFileComponentSets'] = (fileKey, p) =>
    http.json(page(fileKey, 'component_sets', p), componentSetsPageSchema);
  return {
    getFileStyles,
    iterateFileStyles: (fileKey, opts) =>
      paginate(
        (p) => getFileStyles(fileKey, p),
        (r) => r.meta.styles,
        opts,
      ),
    getStyle: (key) =>
      http.json(
        { method: 'GET', path: `/v1/styles/${seg('style key', key)}`, endpoint: 'GET /v1/styles/:key', scope: READ },
        styleResponseSchema,
      ),
    getFileComponents,
    iterateFileComponents: (fileKey, opts) =>
      paginate(
        (p) => getFileComponents(fileKey, p),
        (r) => r.meta.components,
        opts,
      ),
    getFileComponentSets,
    iterateFileComponentSets: (fileKey, opts) =>
      paginate(
        (p) => getFileComponentSets(fileKey, p),
        (r) => r.meta.component_sets,
        opts,
      ),
  };
}
