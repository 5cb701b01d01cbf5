/**
 * src/components/PageActions: in the dev server, which writes no Markdown twins, the row says where
 * the twin comes from instead of linking to a "Page Not Found"; a build links the twin.
 */
import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {MarkdownLink} from '../../src/components/PageActions';

const render = (built: boolean): string =>
  renderToStaticMarkup(createElement(MarkdownLink, {markdownUrl: '/docs/v1/intro.md', built}));

describe('MarkdownLink', () => {
  it('links the twin in a build', () => {
    expect(render(true)).toContain('href="/docs/v1/intro.md" type="text/markdown">View as Markdown</a>');
  });

  it('says in the dev server that the build writes the twin, with no link to a missing page', () => {
    const html = render(false);
    expect(html).not.toContain('href=');
    expect(html).toContain('Markdown twin: written by npm run build, not by the dev server');
  });
});
