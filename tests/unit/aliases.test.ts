/** vitest.config.mts resolves the Docusaurus aliases the way the site does, so src/ modules import in tests. */
import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {translate} from '@docusaurus/Translate';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import generated from '@generated/codeTranslations';
import Heading from '@theme/Heading';
import Tabs from '@theme/Tabs';
import {site} from '@site/site.config';

describe('Docusaurus aliases in unit tests', () => {
  it('resolves @site, @generated, @theme and @docusaurus client exports', () => {
    expect(site.productName).toBe('RupeeRail');
    expect(generated).toEqual({});
    expect(Tabs({children: 'x'})).toBe('x');
    expect(translate({id: 'demo.id', message: 'Shown when untranslated'})).toBe('Shown when untranslated');
  });

  it('stubs what needs a running site: Link, useBaseUrl and Heading', () => {
    expect(renderToStaticMarkup(createElement(Link, {to: '/docs/v1/intro'}, 'Intro'))).toBe(
      '<a href="/docs/v1/intro">Intro</a>',
    );
    expect(useBaseUrl('/openapi.yaml')).toBe('/openapi.yaml');
    expect(renderToStaticMarkup(createElement(Heading, {as: 'h2', id: 'errors'}, 'Errors'))).toBe(
      '<h2 id="errors">Errors</h2>',
    );
  });

  it('runs in UTC', () => {
    expect(new Date(0).getHours()).toBe(0);
  });
});
