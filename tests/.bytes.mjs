import {chromium} from 'playwright-core';
import {firstVisitBytes} from '../scripts/bench/bytes.mjs';
const base = process.argv[2];
const browser = await chromium.launch({executablePath: '/usr/bin/chromium'});
for (const p of ['/', '/docs/v1/', '/docs/v1/service/aeps/kyc', '/docs/v1/service/aeps/withdrawal', '/blog/long-blog-post', '/HeaderMarkdown', '/BodyParam', '/ResponseCode', '/docs/v1/client-wrapper', '/PanStatusResponse', '/api']) {
  const m = await firstVisitBytes(browser, base, p);
  console.log(m.gzip, p);
}
await browser.close();
