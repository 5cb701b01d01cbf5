/**
 * The build's reading of openapi/behaviour/ (node/contract/behaviour.ts): every tag of the
 * contract has a model file, and the real files say so for each family.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseYaml} from '@redocly/openapi-core';
import {BEHAVIOUR_DIR, missingFamilies} from '#node/contract/behaviour';
import {demoFamily} from './behaviour-helpers';

describe('missingFamilies', () => {
  it('names the file a tag without a model needs, and the fix', () => {
    expect(missingFamilies(BEHAVIOUR_DIR, [demoFamily()], new Set(['demo', 'lookups']))).toEqual([
      'openapi/behaviour/lookups.yaml: missing: family lookups (a tag of openapi/openapi.yaml) has no behaviour model. Fix: add the file (format: openapi/behaviour/README.md); a family that moves no money says moves-money: false and its reason.',
    ]);
  });

  it('finds nothing missing in the real files', () => {
    const contract = parseYaml(fs.readFileSync(path.join(BEHAVIOUR_DIR, '..', 'openapi.yaml'), 'utf8')) as {
      tags: {name: string}[];
    };
    const files = new Set(fs.readdirSync(BEHAVIOUR_DIR).map((f) => f.replace(/\.yaml$/, '')));
    expect(contract.tags.map((t) => t.name).filter((t) => !files.has(t))).toEqual([]);
  });
});
