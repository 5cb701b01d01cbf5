/** vitest.config.mts resolves the Docusaurus aliases the way the site does, so src/ modules import in tests. */
import {describe, expect, it} from 'vitest';
import {translate} from '@docusaurus/Translate';
import generated from '@generated/codeTranslations';
import Heading from '@theme/Heading';
import {site} from '@site/site.config';

describe('Docusaurus aliases in unit tests', () => {
  it('resolves @site, @generated, @theme and @docusaurus client exports', () => {
    expect(site.productName).toBe('RupeeRail');
    expect(generated).toEqual({});
    expect(Heading({as: 'h2', children: 'x'})).toBe('x');
    expect(translate({id: 'demo.id', message: 'Shown when untranslated'})).toBe('Shown when untranslated');
  });

  it('runs in UTC', () => {
    expect(new Date(0).getHours()).toBe(0);
  });
});
