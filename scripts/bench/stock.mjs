// @ts-check
// The reference: a stock create-docusaurus classic TypeScript site of the same Docusaurus version.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {ROOT, run} from './lib.mjs';

export const CREATE_DOCUSAURUS = 'create-docusaurus@3.10.2';
/** Kept between runs (git-ignored), so the install is paid once per template change. */
export const STOCK_DIR = path.join(ROOT, '.tmp', 'bench-stock');
/** Written inside node_modules after a successful install: the hash of the package.json installed. */
const STAMP = path.join(STOCK_DIR, 'node_modules', '.bench-package-hash');

/**
 * Scaffolds the stock site afresh (cheap, `--skip-install`) and installs its dependencies unless
 * the cached copy was installed from an identical package.json, in which case only the cached
 * node_modules, lock file and build are carried over to the fresh scaffold (so a dev-server edit
 * that was somehow not restored never outlives a run).
 * @param {(msg: string) => void} say @returns {Promise<string>} the stock site's directory
 */
export async function ensureStockSite(say) {
  // Scaffold next to the cache (not in /tmp) so the moves below are renames on one file system.
  fs.mkdirSync(path.dirname(STOCK_DIR), {recursive: true});
  const scratch = fs.mkdtempSync(path.join(ROOT, '.tmp', 'bench-scaffold-'));
  try {
    await run('npx', ['-y', CREATE_DOCUSAURUS, 'stock', 'classic', '--typescript', '--skip-install'], {cwd: scratch});
    const fresh = path.join(scratch, 'stock');
    const hash = crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(fresh, 'package.json')))
      .digest('hex');
    const reuse = fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === hash;
    if (reuse) {
      // build/ too, for --reuse-build: same package.json, same pinned template, same site.
      for (const keep of ['node_modules', 'package-lock.json', 'build']) {
        if (fs.existsSync(path.join(STOCK_DIR, keep)))
          fs.renameSync(path.join(STOCK_DIR, keep), path.join(fresh, keep));
      }
    }
    fs.rmSync(STOCK_DIR, {recursive: true, force: true});
    fs.renameSync(fresh, STOCK_DIR);
    if (reuse) {
      say(`stock site: reusing the install in ${path.relative(ROOT, STOCK_DIR)} (package.json unchanged)`);
    } else {
      say(`stock site: npm install in ${path.relative(ROOT, STOCK_DIR)} (first run or new template)...`);
      await run('npm', ['install', '--no-audit', '--no-fund'], {
        cwd: STOCK_DIR,
        log: path.join(ROOT, 'bench-results', 'logs', 'stock-install.log'),
      });
      fs.writeFileSync(STAMP, hash);
    }
    return STOCK_DIR;
  } finally {
    fs.rmSync(scratch, {recursive: true, force: true});
  }
}
