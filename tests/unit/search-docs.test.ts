import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {searchDocs, SearchIndexMissingError} from '../../scripts/lib/search-docs';

describe('searchDocs', () => {
  it('names the folder and the command when the build has no search index', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-docs-'));
    try {
      const rel = path.relative(process.cwd(), path.join(dir, 'pagefind'));
      const call = searchDocs(dir, 'aeps', 3);
      await expect(call).rejects.toThrow(SearchIndexMissingError);
      await expect(searchDocs(dir, 'aeps', 3)).rejects.toThrow(
        `No search index at ${rel}: run npm run build first (plugins/search-index writes it).`,
      );
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  });
});
