import {describe, expect, it} from 'vitest';
import {routeSources, sourceFilesOfBrokenLinks} from '../../plugins/route-sources/sources.mjs';

describe('route sources', () => {
  it('maps every nested route that knows its file', () => {
    expect(
      routeSources([
        {
          path: '/docs',
          routes: [
            {path: '/docs/v1/', metadata: {sourceFilePath: 'docs/v1/index.mdx'}},
            {path: '/docs/v1/aeps', metadata: {sourceFilePath: 'docs/v1/aeps.mdx'}},
          ],
        },
        {path: '/api', metadata: {sourceFilePath: 'src/pages/api.mdx'}},
        {path: '/search'},
      ]),
    ).toEqual({'/docs/v1/': 'docs/v1/index.mdx', '/docs/v1/aeps': 'docs/v1/aeps.mdx', '/api': 'src/pages/api.mdx'});
  });

  it("names the source file of each page in Docusaurus' broken-link report", () => {
    const report = `[ERROR] Error: Unable to build website for locale en.
Docusaurus found broken links!

Exhaustive list of all broken links found:
- Broken link on source page path = /docs/v1/aeps:
   -> linking to /docs/v1/service/aeps/withdrawl
- Broken link on source page path = /blog/welcome:
   -> linking to /docs/v1/nope
`;
    expect(sourceFilesOfBrokenLinks(report, {'/docs/v1/aeps': 'docs/v1/aeps.mdx'})).toEqual([
      'Edit these source files (the pages above, by the file they are built from):',
      '  /docs/v1/aeps -> docs/v1/aeps.mdx',
      '  /blog/welcome -> (no source file: a generated page, see plugins/)',
    ]);
    expect(sourceFilesOfBrokenLinks('[SUCCESS] Generated static files', {})).toEqual([]);
  });
});
