/**
 * What the build leaves for the tools that run after it (`npm run mcp:build`, mcp/src/bundle.ts):
 * the generated files the MCP server answers from, picked from what the plugin gave `createData`.
 * Pure; the plugin's entry file writes them beside the build (../paths.ts `buildArtefactsDir`).
 */
import type {DataFile} from './data';
import {publicSandboxFile} from './data';
import {CODE_RULES_FILE} from '../components';

/** A file to write: its path under the artefact folder and its text. */
export interface ArtefactFile {
  readonly name: string;
  readonly text: string;
}

/** A file's text as `createData` writes it: a string as it is, anything else as compact JSON. */
export const dataFileText = (file: DataFile): string =>
  typeof file.data === 'string' ? file.data : JSON.stringify(file.data);

/** The families' index, the response codes with their per-operation rules and the sandbox's files (models, validators). */
const forMcp = (name: string): boolean =>
  name === 'index.json' ||
  name === 'response-codes.json' ||
  name === CODE_RULES_FILE ||
  name.startsWith(publicSandboxFile(''));

/** The generated files the MCP bundle reads, under the names the site's data folder has them. */
export function mcpContractFiles(files: readonly DataFile[]): ArtefactFile[] {
  return files.filter((f) => forMcp(f.name)).map((f) => ({name: f.name, text: dataFileText(f)}));
}
