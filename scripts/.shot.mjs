import {chromium} from 'playwright-core';
const [url, out, width, mode, ...sel] = process.argv.slice(2);
const b = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu']});
const ctx = await b.newContext({viewport: {width: +width, height: 900}, colorScheme: mode});
await ctx.addInitScript((m) => localStorage.setItem('theme', m), mode);
const p = await ctx.newPage();
await p.goto(url, {waitUntil: 'networkidle'});
if (sel[0]) { await p.locator(sel[0]).first().scrollIntoViewIfNeeded(); await p.evaluate((s)=>document.querySelector(s)?.scrollIntoView(), sel[0]); await p.waitForTimeout(300); }
await p.screenshot({path: out});
await b.close();
