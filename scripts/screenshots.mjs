#!/usr/bin/env node
/**
 * Screenshots for looking at pages as a reader does:
 *   node scripts/screenshots.mjs http://127.0.0.1:4173 / /docs/v1/ ...
 * Writes .tmp/screenshots/<page>-<width>-<mode>.png at 1280 and 390 px, light and dark.
 *
 * Environment, to look at a page in a given state:
 *   WIDTHS=1440,390               other widths
 *   CLICK='Try it,Send'           press these buttons (by accessible name) in order after the load
 *   SCROLL=.api-sandbox__box      scroll the first element matching this selector to the top first
 *   FULL=1                        the whole page, not the window
 */
import fs from 'node:fs';
import path from 'node:path';
import {chromium} from 'playwright-core';
import {CHROMIUM, CHROMIUM_FLAGS} from './bench/lib.mjs';

const [base, ...pages] = process.argv.slice(2);
if (!base || !pages.length) {
  console.error('usage: node scripts/screenshots.mjs <base-url> <path> [path...]');
  process.exit(2);
}
const widths = (process.env.WIDTHS ?? '1280,390').split(',').map(Number);
const clicks = (process.env.CLICK ?? '').split(',').filter(Boolean);
const outDir = path.resolve('.tmp/screenshots');
fs.mkdirSync(outDir, {recursive: true});
const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_FLAGS});
try {
  for (const mode of ['light', 'dark']) {
    for (const width of widths) {
      const context = await browser.newContext({
        viewport: {width, height: 900},
        colorScheme: mode,
        deviceScaleFactor: 1,
      });
      await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
      const page = await context.newPage();
      for (const p of pages) {
        await page.goto(base + p, {waitUntil: 'networkidle'});
        for (const name of clicks) {
          await page.getByRole('button', {name, exact: true}).first().click();
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(300);
        }
        if (process.env.SCROLL) {
          await page
            .locator(process.env.SCROLL)
            .first()
            .evaluate((el) => el.scrollIntoView({block: 'start'}));
          await page.waitForTimeout(200);
        }
        const name = `${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}-${mode}.png`;
        await page.screenshot({path: path.join(outDir, name), fullPage: process.env.FULL === '1'});
        console.log(path.join(outDir, name));
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
