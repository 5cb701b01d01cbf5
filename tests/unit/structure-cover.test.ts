/**
 * tests/e2e/helpers/structure-cover.ts: which routes get axe's rules that do not depend on colour.
 * The cover is sound only if an element's structure changes whenever something those rules read
 * changes, and stays the same when only its words do.
 */
import {describe, expect, it} from 'vitest';
import {structureCover, structuresOf, uncoveredStructures} from '../e2e/helpers/structure-cover';

const page = (body: string): string =>
  `<!doctype html><html lang="en"><head><title>A page | Site</title></head><body>${body}</body></html>`;

/** The structures of `b` that `a` does not have. */
function added(a: string, b: string): string[] {
  const before = structuresOf(page(a));
  return [...structuresOf(page(b))].filter((structure) => !before.has(structure));
}

describe('structuresOf', () => {
  it('is the same for pages that differ only in their words, ids and links', () => {
    const one = page(
      '<main><h1>Payouts</h1><a href="/docs/a">Orders</a><p id="x1">Sent <code>amount</code></p></main>',
    );
    const two = page('<main><h1>AEPS</h1><a href="/docs/b">Balance</a><p id="y2">Paid <code>status</code></p></main>');
    expect(structuresOf(two)).toEqual(structuresOf(one));
  });

  it('tells apart what the rules read: a name, alt text, the parent of a list item, ids that resolve, tabindex, lang', () => {
    expect(added('<a href="/a">Orders</a>', '<a href="/a"> </a>')).toEqual(['body > a[href=url]-text']);
    expect(added('<img src="/a.png" alt="A chart">', '<img src="/a.png">')).toEqual(['body > img[src=url]']);
    expect(added('<img src="/a.png" alt="A chart">', '<img src="/a.png" alt="">')).toEqual([
      'body > img[alt=empty][src=url]',
    ]);
    expect(added('<ul><li>One</li></ul>', '<div><li>One</li></div>')).toEqual(['body > div', 'div > li+text']);
    expect(
      added(
        '<span id="l">Amount</span><input aria-labelledby="l">',
        '<span id="l">Amount</span><input aria-labelledby="m">',
      ),
    ).toEqual(['body > input[aria-labelledby=dangles]']);
    expect(added('<pre tabindex="0">x</pre>', '<pre tabindex="3">x</pre>')).toEqual(['body > pre[tabindex=positive]']);
    expect(added('<p lang="hi">नमस्ते</p>', '<p lang="xx-bad">नमस्ते</p>')).toEqual(['body > p[lang=xx-bad]']);
  });

  it('keeps the component (its classes) but not the classes that only name the page', () => {
    expect(added('<div class="docs-doc-id-a card">x</div>', '<div class="card docs-doc-id-b">x</div>')).toEqual([]);
    expect(added('<div class="card">x</div>', '<div class="card card--wide">x</div>')).toEqual([
      'body > div.card.card--wide',
    ]);
  });
});

describe('structureCover', () => {
  const pages = new Map([
    ['/a', page('<main><h1>A</h1><ul><li>One</li></ul></main>')],
    ['/b', page('<main><h1>B</h1><ul><li>Two</li></ul></main>')],
    ['/c', page('<main><h1>C</h1><table><tr><th>Code</th></tr></table></main>')],
  ]);

  it('checks each structure on one route, a route that adds none is left out, and the routes already checked count', () => {
    const cover = structureCover(pages);
    expect([...cover.routes.keys()]).toEqual(['/c', '/a']);
    expect(uncoveredStructures(cover, cover.routes.keys())).toEqual([]);
    expect([...structureCover(pages, ['/c']).routes.keys()]).toEqual(['/a']);
  });

  it('names each route and structure that no checked route shows', () => {
    expect(uncoveredStructures(structureCover(pages), ['/a'])).toEqual([
      '/c: main > table',
      '/c: table > tbody',
      '/c: tbody > tr',
      '/c: tr > th+text',
    ]);
  });
});
