/**
 * site.config.ts repeats three facts of the contract for the pages that show them without reading
 * it (navbar, footer, home, error page); they must agree with openapi/openapi.yaml.
 */
import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import {parse as parseYaml} from 'yaml';
import {site} from '../../site.config';
import {CONTRACT_ROOT} from '#node/contract/paths';

interface ContractInfo {
  readonly info: {readonly version: string; readonly contact?: {readonly email?: string}};
  readonly servers: readonly {readonly url: string; readonly description: string}[];
}

const contract = parseYaml(fs.readFileSync(CONTRACT_ROOT, 'utf8')) as ContractInfo;

describe('site.config.ts agrees with openapi/openapi.yaml', () => {
  it('apiVersion is info.version', () => {
    expect(site.apiVersion).toBe(contract.info.version);
  });

  it('environments are the servers, in order, by description and URL', () => {
    expect(Object.values(site.environments).map((e) => ({description: e.label, url: e.baseUrl}))).toEqual(
      contract.servers.map((s) => ({description: s.description, url: s.url})),
    );
  });

  it('supportEmail is info.contact.email', () => {
    expect(site.supportEmail).toBe(contract.info.contact?.email);
  });
});
