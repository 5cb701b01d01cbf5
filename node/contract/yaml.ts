/**
 * The file side of the contract's one YAML parser (core/util/yaml.ts): every YAML file under
 * openapi/ is read here, whichever tool reads it (the build, the dev server, `lint:contract`,
 * `check:content`), and Redocly's loader parses the files a `$ref` reaches through it too. A file
 * that does not parse fails with `file:line:column`, the reason and the lines around it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Document, Source} from '@redocly/openapi-core';
import {nativeRequire} from '#node/native-require';
import type * as Redocly from '@redocly/openapi-core';
import {parseYaml, yamlSyntaxErrors} from '#core/util/yaml';
import {CONTRACT_DIR, SITE_DIR} from './paths';

// Loaded by Node, not compiled by jiti with the config (node/native-require.ts).
const {BaseResolver, Source: RedoclySource} = nativeRequire('@redocly/openapi-core') as typeof Redocly;

/** What messages call a file: its path from the site's root (`openapi/families/sms.yaml`). */
const named = (file: string): string => path.relative(SITE_DIR, file);

/** The value of a YAML file of the contract; a syntax error throws a YamlSyntaxError naming it. */
export function readContractYaml(file: string): unknown {
  return parseYaml(named(file), fs.readFileSync(file, 'utf8'));
}

/** A Redocly document of `text` (read from `file`), parsed by the contract's parser. */
export function contractDocument(file: string, text: string): Document {
  return {source: new RedoclySource(file, text), parsed: parseYaml(named(file), text)};
}

/**
 * Redocly's resolver, with the contract's parser for the YAML files a `$ref` reaches: otherwise
 * js-yaml parses them and a mistake surfaces as `YAMLException: deficient indentation` with no file.
 */
export class ContractResolver extends BaseResolver {
  override parseDocument(source: Source, isRoot = false): Document {
    if (!/\.ya?ml$/.test(source.absoluteRef)) return super.parseDocument(source, isRoot);
    return contractDocument(source.absoluteRef, source.body);
  }
}

/**
 * A published release (`releases/1.3.0.yaml`): written by a tool, never by hand, and 0.5 MB each.
 * The changelog parses each once (node/contract/changelog.ts `readRelease`, through the same
 * parser); parsing them here too would add a second or more to every build.
 */
const RELEASE_FILE = /^\d+\.\d+\.\d+\.yaml$/;

/** Every `.yaml` file under `dir` but the published releases, by its path from the site's root, with its text. */
function yamlFiles(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, {withFileTypes: true, recursive: true})) {
    if (!entry.isFile() || !entry.name.endsWith('.yaml') || RELEASE_FILE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    out.set(named(file), fs.readFileSync(file, 'utf8'));
  }
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The contract's YAML files that do not parse, one message each (blank line between). Checked
 * before anything reads the contract, so that a syntax error is the only message: a scenario file
 * that does not parse would otherwise also leave every code it answers "without a scenario".
 */
export function contractYamlProblems(dir = CONTRACT_DIR): string | undefined {
  const errors = yamlSyntaxErrors(yamlFiles(dir));
  return errors.length ? errors.map((e) => e.message).join('\n\n') : undefined;
}
