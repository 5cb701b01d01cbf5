/**
 * The webhook lab (src/components/WebhookLab) on a webhook page: the example it opens with is
 * signed on the spot and verifies; each way a delivery can be spoiled gets its own reason
 * (the words are core/sandbox/signature.ts's, unit-tested there); light and dark are axe clean.
 */
import type {Page} from '@playwright/test';
import {expect, test} from './fixtures';
import {axeViolationsIn, problemList} from './helpers/browser';
import {followSystemMode} from './helpers/site';

const PAGE = '/docs/v1/service/aeps/webhooks';

async function openLab(page: Page): Promise<void> {
  await page.getByRole('button', {name: 'Open the webhook lab'}).click();
  await expect(page.getByRole('region', {name: 'Webhook lab'})).toBeVisible();
  await expect(page.getByLabel('Headers, one per line (Name: value)')).toHaveValue(/X-Signature: v1=[0-9a-f]{64}/);
}

async function verdict(page: Page): Promise<string> {
  await page.getByRole('button', {name: 'Verify'}).click();
  const result = page.locator('[data-reason]');
  await expect(result).toBeVisible();
  return (await result.getAttribute('data-reason')) ?? '';
}

test.describe('webhook lab', () => {
  test.use({viewport: {width: 1280, height: 900}});

  /**
   * One visit for everything the lab does: what a verdict says is unit-tested
   * (tests/unit/try-it-webhook-lab.test.ts); here the browser signs and verifies (Web Crypto) and
   * shows each verdict, and the lab with a failure shown is axe clean in the light mode, then in
   * the dark.
   */
  test("opens with the page's event, signed now, and it verifies; says why a spoiled delivery fails; an edit clears the verdict, an empty secret asks for one, a changed timestamp is named; axe clean with a failure shown, light and dark", async ({
    page,
    problems,
    open,
  }) => {
    expect(await open(PAGE)).toBe(200);
    await openLab(page);
    await expect(page.getByLabel('Example event')).toHaveValue('aeps-transaction');
    await expect(page.getByLabel('Raw body, byte for byte')).toHaveValue(/^\{"event":"AEPS_TRANSACTION_UPDATE",/);
    expect(await verdict(page), 'the example as signed').toBe('ok');
    await expect(page.locator('[data-reason="ok"]')).toContainText('Verified');

    // Spoiled deliveries, each put back before the next.
    const body = page.getByLabel('Raw body, byte for byte');
    const headers = page.getByLabel('Headers, one per line (Name: value)');
    const secret = page.getByLabel('Webhook secret');
    const clock = page.getByLabel('Your clock (Unix seconds)');
    const raw = await body.inputValue();
    const signedHeaders = await headers.inputValue();
    const now = Number(await clock.inputValue());

    await body.fill(JSON.stringify(JSON.parse(raw), null, 2));
    expect(await verdict(page), 'a re-serialised body').toBe('body-changed');
    await expect(page.locator('[data-reason]')).toContainText('Not verified: the body was re-serialised');
    await body.fill(raw);

    await secret.fill('whsec_test_wrong');
    expect(await verdict(page), 'a wrong secret').toBe('wrong-secret');
    await secret.fill('whsec_test_4f1d2c');

    await clock.fill(String(now + 400));
    expect(await verdict(page), 'a clock 400 s on').toBe('timestamp-outside-window');
    await expect(page.locator('[data-reason]')).toContainText('400 seconds old');
    await clock.fill(String(now));

    await headers.fill(signedHeaders.replace(/^X-Signature:.*$/m, ''));
    expect(await verdict(page), 'no X-Signature').toBe('missing-header');
    await headers.fill(signedHeaders.replace(/v1=[0-9a-f]+/, 'v1=abc'));
    expect(await verdict(page), 'a malformed X-Signature').toBe('malformed-header');
    await headers.fill(signedHeaders);
    expect(await verdict(page), 'the headers put back').toBe('ok');

    // An edit clears the verdict; an empty secret is asked for, not checked.
    await secret.fill('');
    await expect(page.locator('[data-reason]'), 'a verdict after an edit').toHaveCount(0);
    expect(await verdict(page), 'an empty secret').toBe('no-secret');
    await expect(page.locator('[data-reason]')).toContainText('Enter the secret');
    await secret.fill('whsec_test_4f1d2c');

    const stamp = Number(/X-Webhook-Timestamp: (\d+)/.exec(signedHeaders)?.[1]);
    await headers.fill(signedHeaders.replace(`X-Webhook-Timestamp: ${stamp}`, `X-Webhook-Timestamp: ${stamp - 3}`));
    expect(await verdict(page), 'a timestamp changed after signing').toBe('timestamp-changed');
    await expect(page.locator('[data-reason]')).toContainText('Not verified: X-Webhook-Timestamp was changed');
    await headers.fill(signedHeaders);

    await secret.fill('whsec_test_wrong');
    expect(await verdict(page)).toBe('wrong-secret');
    expect(await axeViolationsIn(page, '.api-sandbox__box')).toEqual([]);
    // The same lab with the same failure shown, in the dark mode (the reader's system switches
    // while the page is open: a second load was a test of its own, issue 35's e2e budget).
    await followSystemMode(page, 'dark');
    await expect(page.locator('[data-reason]')).toHaveAttribute('data-reason', 'wrong-secret');
    expect(await axeViolationsIn(page, '.api-sandbox__box')).toEqual([]);
    expect(problemList(problems)).toEqual([]);
  });
});
