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

/**
 * The journeys (openapi/journeys/<family>.arazzo.yaml, Arazzo 1.0.1), one file a family, beside
 * `openapi.json`: their source description is `../openapi.json` (openapi/DECISIONS.md).
 */
export const JOURNEYS_DOWNLOAD_DIR = '/downloads/journeys/';
export const journeyDownload = (family: string): string => `${JOURNEYS_DOWNLOAD_DIR}${family}.arazzo.yaml`;

export interface DownloadLink {
  readonly label: string;
  /** Site path (DOWNLOADS). */
  readonly path: string;
}
