/**
 * Remark plugin: turns `<Endpoint op="aeps-cash-withdrawal" />` in MDX into an import of that one
 * operation's generated section tree, so the page chunk carries only its own operation and the
 * reference renders into the static HTML. Each section of the tree gets its heading as a real
 * Markdown heading (anchors, table of contents), read from the same tree the component renders.
 * A bare `<SandboxPage />` is split the same way, one table per heading, from the page's generated view.
 *
 * It also imports the API components a page uses (the registry in ./components.ts), so writers
 * never import them by hand and pages without them pay nothing. An unknown id fails the build with
 * the file, the id and the fix.
 *
 * This file reads the generated files; the steps are in lib/expand.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import {site} from '../../site.config';
import {SITE_DIR} from '#node/contract/paths';
import {folderPath, generatedPath, type KnownIdLists} from '#node/generated';
import type {Root} from 'mdast';
import {visit} from 'unist-util-visit';
import {isMdxJsxElement, replaceNode} from '#node/mdx-ast';
import type {IdKind} from '#node/contract/components';
import {expandElement, PageImports, type KnownIds, type SectionPlan} from './lib/expand';
import {putCallFirst} from '#node/contract/lead';

export {ApiReferenceError} from './lib/expand';

interface VFileLike {
  path?: string;
  history?: string[];
}

let cache: {file: string; mtimeMs: number; ids: KnownIds} | undefined;

function knownIds(dataDir: string): KnownIds {
  const file = generatedPath('ids', undefined, {dataDir});
  const stat = fs.statSync(file, {throwIfNoEntry: false});
  if (!stat) {
    throw new Error(
      `API reference data is missing (${path.relative(SITE_DIR, file)}). The api-contract plugin must run before MDX is compiled; check that './plugins/api-contract' is in docusaurus.site.ts plugins.`,
    );
  }
  if (cache?.file !== file || cache.mtimeMs !== stat.mtimeMs) {
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as KnownIdLists;
    cache = {
      file,
      mtimeMs: stat.mtimeMs,
      ids: {operation: new Set(raw.operation), webhook: new Set(raw.webhook), tag: new Set(raw.tag)},
    };
  }
  return cache.ids;
}

/** The sections a generated file lists (a tree's source copy, the Sandbox page's view): keys and headings. */
function generatedSections(dataDir: string, file: string): SectionPlan[] {
  const {sections} = JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8')) as {
    sections: readonly SectionPlan[];
  };
  return sections.map(({key, heading, aside, lead}) => ({
    key,
    ...(heading ? {heading} : {}),
    ...(aside ? {aside} : {}),
    ...(lead ? {lead} : {}),
  }));
}

export interface RemarkApiReferenceOptions {
  /**
   * The folder of the api-contract plugin's data: node/generated.ts `folderPath('data')` unless given
   * (unit tests give a temporary one).
   */
  readonly dataDir?: string;
  /**
   * The ids a page may name, by kind: read from the ids the api-contract plugin generated
   * (ids.json) unless given (unit tests inject their own).
   */
  readonly ids?: {readonly [K in IdKind]: readonly string[]};
  /** The sections a generated file lists; read from the generated files unless given. */
  readonly sections?: (file: string) => readonly SectionPlan[];
}

const dataDir = (options: RemarkApiReferenceOptions): string => options.dataDir ?? folderPath('data');

export function remarkApiReference(options: RemarkApiReferenceOptions = {}): (tree: Root, file: VFileLike) => void {
  const injected: KnownIds | undefined = options.ids && {
    operation: new Set(options.ids.operation),
    webhook: new Set(options.ids.webhook),
    tag: new Set(options.ids.tag),
  };
  return (tree: Root, file: VFileLike): void => {
    const imports = new PageImports();
    const expand = {
      file: path.relative(SITE_DIR, file.path ?? file.history?.[0] ?? '<unknown file>'),
      get known() {
        return injected ?? knownIds(dataDir(options));
      },
      sections: options.sections ?? ((name: string) => generatedSections(dataDir(options), name)),
    };
    putCallFirst(tree);
    visit(tree, (node, index, parent) => {
      if (!isMdxJsxElement(node) || !parent || index === undefined) return undefined;
      const replacement = expandElement(node, imports, expand);
      return replacement ? replaceNode(parent, index, replacement) : undefined;
    });
    if (imports.nodes.length) {
      tree.children = [...imports.nodes, ...imports.exports(), ...imports.links(site.baseUrl), ...tree.children];
    }
  };
}
