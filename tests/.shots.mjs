import {chromium} from 'playwright-core';
const [base, tag] = [process.argv[2], process.argv[3]];
const out = `/tmp/pagebits/shots/${tag}`;
import fs from 'node:fs'; fs.mkdirSync(out, {recursive: true});
const browser = await chromium.launch({executablePath: '/usr/bin/chromium'});
const jobs = JSON.parse(process.argv[4]);
for (const j of jobs) {
  for (const mode of j.modes ?? ['light', 'dark']) {
    const ctx = await browser.newContext({viewport: {width: j.w, height: j.h ?? 900}, colorScheme: mode});
    const page = await ctx.newPage();
    await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
    await page.goto(base + j.path);
    await page.waitForLoadState('networkidle');
    if (j.click) { await page.locator(j.click).first().click(); await page.waitForTimeout(600); }
    if (j.scroll) await page.evaluate((s) => document.querySelector(s)?.scrollIntoView({block: 'start'}), j.scroll);
    if (j.scrollY) await page.evaluate((y) => window.scrollTo(0, y), j.scrollY);
    await page.waitForTimeout(300);
    const file = `${out}/${j.name}-${j.w}-${mode}.png`;
    if (j.el) await page.locator(j.el).first().screenshot({path: file});
    else await page.screenshot({path: file, fullPage: !!j.full});
    await ctx.close();
  }
}
await browser.close();
