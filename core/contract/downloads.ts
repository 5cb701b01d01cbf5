/**
 * Where the build puts the machine-readable contract (plugins/api-contract, postBuild): the one
 * definition of these paths, read by the plugin that writes the files, the footer and the download
 * list that link them, and the Markdown copies of the site. Site paths, before the base URL.
 */
export const DOWNLOADS = {
  yaml: '/downloads/openapi.yaml',
  json: '/downloads/openapi.json',
  postman: '/downloads/rupeerail.postman_collection.json',
  /** openapi-typescript's types of the YAML above (plugins/api-contract/lib/types-download.ts). */
  types: '/downloads/rupeerail-api.d.ts',
} as const;

export type DownloadId = keyof typeof DOWNLOADS;

export interface DownloadLink {
  readonly label: string;
  /** Site path (DOWNLOADS). */
  readonly path: string;
}
