/**
 * What the build leaves for the tools that run after it (`npm run mcp:build`, mcp/src/bundle.ts):
 * the generated files the MCP server answers from (those node/generated.ts marks `mcp`), picked
 * from what the plugin gave `createData`. Pure; the plugin's entry file writes them to the
 * manifest's `artefacts` folder, beside the build.
 */
import {GENERATED, isFileOf, type GeneratedKey} from '#node/generated';
import type {DataFile} from '#node/contract/data';

/** A file to write: its path under the artefact folder and its text. */
export interface ArtefactFile {
  readonly name: string;
  readonly text: string;
}

/** A file's text as `createData` writes it: a string as it is, anything else as compact JSON. */
export const dataFileText = (file: DataFile): string =>
  typeof file.data === 'string' ? file.data : JSON.stringify(file.data);

/** The families' index, the response codes with their per-operation rules and the sandbox's files (models, validators). */
const MCP_FILES = (Object.keys(GENERATED) as GeneratedKey[]).filter((id) => GENERATED[id].mcp);
const forMcp = (name: string): boolean => MCP_FILES.some((id) => isFileOf(id, name));

/** The generated files the MCP bundle reads, under the names the site's data folder has them. */
export function mcpContractFiles(files: readonly DataFile[]): ArtefactFile[] {
  return files.filter((f) => forMcp(f.name)).map((f) => ({name: f.name, text: dataFileText(f)}));
}
