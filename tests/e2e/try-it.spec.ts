/**
 * Try it (src/components/TryIt) in the browser, for what only a browser shows: the engine's answers
 * and the panel's logic are unit-tested (tests/unit/try-it*.test.ts, sandbox-engine.test.ts). On
 * one operation of each of three families, at a laptop or a 390 px phone, light or dark: open the
 * panel, pick a sandbox scenario, send, and see the documented code and the webhook that follows
 * with its signature, the panel axe clean and nothing sticking out sideways. Then the parts a reader
 * relies on: Copy as cURL copies exactly what the panel shows was sent, a production key is refused
 * before anything is signed, the answer is announced (live region). Then the contract's finer points
 * as the form shows them: a field a `oneOf` branch requires is marked and the branch can be picked,
 * real mode puts the reader's key id in the token that leaves the browser, and a header the
 * operation declares (the webhook secret proof) is a field the sandbox answers. The page with
 * JavaScript off (no panel, no button) is checked in nojs.spec.ts's visit of the same page.
 *
 * A page is loaded once per width for all its checks (issue 35's e2e budget): the withdrawal page's
 * checks are the steps (`test.step`) of one visit at a laptop's width and one on a phone.
 */
import {readFileSync} from 'node:fs';
import type {Locator, Page} from '@playwright/test';
import {parse} from 'yaml';
import {expect, test} from './fixtures';
import {axeViolationsIn, problemList} from './helpers/browser';
import {API_PAGE, DESKTOP} from './helpers/site';

const PHONE = {width: 390, height: 844};

/** Opens the panel of the page, waits until it has loaded its family, and gives the panel. */
async function openPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', {name: 'Try it', exact: true}).click();
  const panel = page.getByRole('region', {name: 'Try it'});
  await expect(panel).toBeVisible();
  await expect(page.getByRole('button', {name: 'Send', exact: true})).toBeEnabled();
  return panel;
}

/** The panel never scrolls sideways, whatever it shows. */
async function expectNoSidewaysScroll(panel: Locator): Promise<void> {
  const overflow = await panel.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, 'the panel scrolls sideways').toBeLessThanOrEqual(0);
}

async function pickScenarioChoice(page: Page, pick: string): Promise<void> {
  const picker = page.getByLabel('Sandbox scenario', {exact: true});
  const label = (await picker.locator('option').allTextContents()).find((t) => t.includes(pick));
  expect(label, `a sandbox scenario "${pick}" in the picker`).toBeDefined();
  await picker.selectOption({label: label as string});
}

/**
 * One operation of each family (each loads its family's sandbox file), each in one of the views a
 * reader has: what the engine answers for each scenario, and the webhooks and signatures that
 * follow, are the unit tests' (tests/unit/sandbox-engine.test.ts executes every scenario;
 * tests/unit/try-it*.test.ts the panel's logic). What only a browser shows is checked here: the
 * answer and the webhook on screen, nothing sticking out of the panel on a phone, and the panel
 * with an answer axe clean (contrast included) in the light and the dark mode. The AEPS family's
 * flow, at a laptop's width in the light mode, is a step of the withdrawal page's visit below.
 */
interface Flow {
  readonly path: string;
  /** Part of the sandbox scenario's label in the picker. */
  readonly pick: string;
  readonly code: number;
  readonly webhook: string;
  readonly mode: 'light' | 'dark';
}

const FLOWS: readonly Flow[] = [
  {
    path: '/docs/v1/service/bbps/bill/payment',
    pick: 'Pending with the biller, then failed',
    code: 2,
    webhook: 'bbps-payment-update',
    mode: 'dark',
  },
  {
    path: '/docs/v1/service/payout/orders',
    pick: 'Bank timed out, then paid',
    code: 5,
    webhook: 'payout-order-update',
    mode: 'light',
  },
];

/** After a send with `pick`: its code on screen, the webhook that follows with its signature, nothing sideways, axe clean. */
async function expectScenarioAnswer(page: Page, panel: Locator, c: Pick<Flow, 'code' | 'webhook'>): Promise<void> {
  await expect(panel.getByText(`HTTP 200, response_code ${c.code}`)).toBeVisible();
  await expect(panel.getByText(`"response_code": ${c.code},`).first()).toBeVisible();
  await expect(panel.getByRole('heading', {name: 'Webhooks that follow (1)'})).toBeVisible();
  await expect(panel.locator('code', {hasText: new RegExp(`^${c.webhook}$`)})).toBeVisible();
  await expect(panel.getByText(/X-Signature: v1=[0-9a-f]{64}/)).toBeVisible();
  await expect(panel.getByText(/X-Webhook-Timestamp: \d{10}/)).toBeVisible();
  // Nothing sticks out of the panel sideways, on the phone too.
  await expectNoSidewaysScroll(panel);
  expect(await axeViolationsIn(page, '.api-sandbox__box')).toEqual([]);
}

for (const c of FLOWS) {
  test.describe(`Try it, phone, ${c.mode}`, () => {
    test.use({viewport: PHONE, colorScheme: c.mode});

    test(`${c.path}: a sandbox scenario answers ${c.code} and ${c.webhook} follows; the panel is axe clean`, async ({
      page,
      problems,
      open,
    }) => {
      expect(await open(c.path)).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('data-theme', c.mode);
      const panel = await openPanel(page);
      await pickScenarioChoice(page, c.pick);
      await page.getByRole('button', {name: 'Send', exact: true}).click();
      await expectScenarioAnswer(page, panel, c);
      expect(problemList(problems)).toEqual([]);
    });
  });
}

/** The page of the call that needs the webhook secret proof (`webhook-secret-rotate`). */
const ROTATE_PAGE = '/docs/v1/webhooks/secret/rotate';

/** The last day the contract accepts a token without `kid` (partnerJwt `x-transitions`), read as the build reads it. */
function tokenSunset(): string {
  const doc = parse(readFileSync('openapi/openapi.yaml', 'utf8')) as {
    components: {securitySchemes: {partnerJwt: {'x-transitions': {sunset: string}[]}}};
  };
  const sunset = doc.components.securitySchemes.partnerJwt['x-transitions'][0]?.sunset;
  if (!sunset) throw new Error('openapi/openapi.yaml: partnerJwt has no x-transitions sunset for the kid test');
  return sunset;
}

/** The JOSE header of the token an Authorization header carries. */
const joseHeader = (authorization: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(authorization.replace(/^Bearer /, '').split('.')[0] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;

/**
 * The withdrawal page at a laptop's width, light, in one visit whose steps were five tests, each
 * loading the page (the e2e budget of issue 35). The steps run in an order where each starts from
 * what it needs: nothing sent yet for the disabled Copy button and the keyboard, a fresh referenceid
 * before each send (the sandbox answers a repeated one with code 4), real mode last (switching clears
 * the page sandbox's answer). At 1280 px the panel sits in its narrowest desktop code column
 * (reference-layout.spec.ts), so "nothing sideways" is judged where it is tightest.
 */
test.describe('Try it on the withdrawal page, laptop, light', () => {
  // The real sandbox is answered by the test's own route below.
  test.use({viewport: DESKTOP, colorScheme: 'light', stubbedOrigins: ['https://sandbox.rupeerail.example']});

  test('keyboard and live region; status tones, a duplicate and a new referenceid; a scenario with its webhook, axe clean; Copy as cURL exactly as sent; real mode refuses a production key and sends the key id', async ({
    page,
    context,
    problems,
    open,
  }) => {
    // Five visits' work in one: twice the time a single visit gets.
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // The real sandbox answers here, and the requests that leave the browser for it are counted.
    const seen: string[] = [];
    await page.route('https://sandbox.rupeerail.example/**', async (route) => {
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'authorization, content-type',
        'access-control-allow-methods': 'POST',
      };
      if (route.request().method() === 'OPTIONS') return route.fulfill({status: 204, headers: cors});
      seen.push((await route.request().headerValue('authorization')) ?? '');
      return route.fulfill({
        status: 200,
        headers: {...cors, 'content-type': 'application/json'},
        body: '{"status":true,"response_code":1,"message":"ok"}',
      });
    });
    expect(await open(API_PAGE)).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    const panel = page.getByRole('region', {name: 'Try it'});
    const send = page.getByRole('button', {name: 'Send', exact: true});
    const status = panel.locator('.api-sandbox__status');
    const copy = page.getByRole('button', {name: 'Copy as cURL'});
    const referenceid = panel.getByLabel('referenceid (required)', {exact: true});
    const newReference = panel.getByRole('button', {name: 'New referenceid', exact: true});

    await test.step('opened and sent from the keyboard, the answer announced', async () => {
      await page.getByRole('button', {name: 'Try it', exact: true}).focus();
      await page.keyboard.press('Enter');
      await expect(send).toBeEnabled();
      await expect(copy, 'nothing to copy before a request was sent').toBeDisabled();
      // Successes first, then pending outcomes, then failures: the arrow picks a success.
      const picker = page.getByLabel('Sandbox scenario', {exact: true});
      const options = await picker.locator('option').allTextContents();
      expect(options[1], 'the first scenario in the picker').toMatch(/^1 · /);
      await picker.focus();
      await page.keyboard.press('ArrowDown');
      await send.focus();
      await page.keyboard.press('Enter');
      const live = page.locator('.api-sandbox__box [aria-live="polite"]');
      await expect(live).toContainText(/HTTP \d{3}, response_code \d+/);
    });

    await test.step('the status names the code with its tone; a new referenceid makes the next send a new transaction', async () => {
      await expect(status).toHaveText('HTTP 200, response_code 1 SUCCESS');
      await expect(status).toHaveAttribute('data-tone', 'success');
      await expect(panel.getByRole('button', {name: 'Copy the body'})).toBeVisible();
      const before = await referenceid.inputValue();
      await send.click();
      await expect(status).toHaveText('HTTP 200, response_code 4 DUPLICATE_REFERENCE');
      await expect(status).toHaveAttribute('data-tone', 'pending');
      await panel.getByRole('button', {name: 'New referenceid for the next send'}).click();
      await expect(referenceid).not.toHaveValue(before);
      await send.click();
      await expect(status).toHaveText('HTTP 200, response_code 1 SUCCESS');
    });

    await test.step('a sandbox scenario answers 2 and aeps-transaction follows; the panel is axe clean', async () => {
      await pickScenarioChoice(page, 'Pending at the bank, then success');
      const before = await referenceid.inputValue();
      await newReference.click();
      await expect(referenceid, 'a new referenceid before the scenario is sent').not.toHaveValue(before);
      await send.click();
      await expectScenarioAnswer(page, panel, {code: 2, webhook: 'aeps-transaction'});
    });

    await test.step('Copy as cURL copies the request exactly as sent, signed (the withdrawal moves money)', async () => {
      await panel.getByRole('button', {name: 'Reset the example'}).click();
      await newReference.click();
      await page.getByRole('radio', {name: 'Raw JSON'}).check();
      const json = page.getByLabel('JSON', {exact: true});
      const edited = await json.inputValue();
      expect(edited, 'the example body after "Reset the example"').toContain('"amount": 1500');
      const body = edited.replace('"amount": 1500', '"amount": 1600');
      await json.fill(body);
      await send.click();
      await expect(status).toHaveText('HTTP 200, response_code 1 SUCCESS');
      await copy.click();
      await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      await page.getByText('The request as cURL').click();
      // The command goes to the sandbox a reader runs, and says so (issue 34).
      await expect(page.locator('.api-sandbox__curl .api-sandbox__note')).toContainText(
        'This command calls the sandbox on your own machine, which npm run sandbox starts from the docs repository',
      );
      const shown = await page.locator('.api-sandbox__curl pre').textContent();
      expect(copied).toBe(shown);
      expect(copied).toMatch(
        /^curl --request POST 'http:\/\/127\.0\.0\.1:4010\/api\/v1\/service\/aeps\/withdrawal' \\\n {2}--header 'Authorization: Bearer [\w-]+\.[\w-]+\.[\w-]+' \\\n {2}--header 'Content-Type: application\/json' \\\n {2}--header 'Content-Digest: sha-256=:[\w+/]+=*:' \\\n {2}--header 'Signature-Input: sig1=\("@method" "@path" "content-digest" "authorization"\);created=\d+;keyid="sbx-ed25519-1";alg="ed25519";nonce="tryit-[\w-]+"' \\\n {2}--header 'Signature: sig1=:[\w+/]+=*:' \\\n {2}--data-raw '\{\n/,
      );
      // The body as edited, byte for byte.
      expect(copied?.endsWith(`--data-raw '${body}'`)).toBe(true);
    });

    await test.step('real mode refuses a production key before anything is signed or sent; puts the key id in the token, and says until when a token without one passes', async () => {
      await panel.getByRole('radio', {name: 'The real sandbox, with your key'}).check();
      await panel.getByLabel('Partner id').fill('PS001234');
      const secret = panel.getByLabel('JWT secret (jwt_test_…)');
      await secret.fill('jwt_live_91ab77');
      await send.click();
      await expect(page.getByRole('alert')).toHaveText(
        'This looks like a production key. Try it sends to the sandbox only: use your sandbox secret (jwt_test_...), and rotate a production secret that was pasted anywhere.',
      );
      // The page sandbox's answer went with the switch, and the refused key got none.
      await expect(page.getByText(/^HTTP \d+/)).toHaveCount(0);
      await expect(copy).toBeDisabled();
      // Memory only unless asked: nothing in the tab's storage.
      expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
      expect(seen, 'requests sent with a production key').toEqual([]);

      await secret.fill('jwt_test_5d8a31');
      const kid = panel.getByRole('textbox', {name: 'Key id (kid)'});
      await expect(kid).toHaveAccessibleDescription(
        new RegExp(`accepts that form until ${tokenSunset()}, its last day, and refuses it after`),
      );
      await send.click();
      await expect(status).toHaveText('HTTP 200, response_code 1 SUCCESS');
      await kid.fill('rr-key-7');
      await expect(kid).toHaveAccessibleDescription(/Sent as kid in the token’s header/);
      await send.click();
      await expect.poll(() => seen.length).toBe(2);
      expect(joseHeader(seen[0]!).kid, 'no key id given: no kid').toBeUndefined();
      expect(joseHeader(seen[1]!).kid).toBe('rr-key-7');
    });
    expect(problemList(problems)).toEqual([]);
  });
});

/**
 * The withdrawal page on a phone, in one visit whose steps were two tests (the e2e budget of issue
 * 35). The contract's finer points in the form (issue 24 and its closing note): a field only a
 * `oneOf` branch requires is marked by the branch the draft follows, and the reader can pick the
 * other; an enum field is a select of its values (with a "(not sent)" choice only when it may be
 * left out), required fields are marked to see and to hear, a value the schema refuses says why
 * under its field (aria-invalid, aria-describedby) and can still be sent (the sandbox answers code
 * 10), and the answer's body is highlighted, with its copy button. The branches come first: they
 * need the example's draft, which the inputs step then edits.
 */
// At the phone's width only: on a laptop the panel sits in a code column of 480 px or more
// (reference-layout.spec.ts), a layout as narrow, so a field under its choice, the message under
// its field and the sideways scroll are judged where they are tightest.
test.describe('Try it on the withdrawal page, phone', () => {
  test.use({viewport: PHONE});

  test('a oneOf branch marks its required field and picking the other switches the fields; enum selects, required marks, an error beside its field, a highlighted answer', async ({
    page,
    problems,
    open,
  }) => {
    expect(await open(API_PAGE)).toBe(200);
    const panel = await openPanel(page);

    await test.step('a oneOf branch marks its required field, and picking the other switches the fields', async () => {
      const branch = panel.getByRole('combobox', {name: 'Send one of'});
      expect(await branch.locator('option').allTextContents()).toEqual(['aadhaar_number', 'adhaarnumber (deprecated)']);
      await expect(branch).toHaveValue('aadhaar_number');
      const aadhaar = panel.getByRole('textbox', {name: 'aadhaar_number (required)'});
      await expect(aadhaar).toHaveAttribute('aria-required', 'true');
      await expect(
        panel
          .locator('label', {has: page.locator('code', {hasText: /^aadhaar_number$/})})
          .locator('.api-sandbox__star'),
      ).toBeVisible();

      await branch.selectOption('adhaarnumber (deprecated)');
      const old = panel.getByRole('textbox', {name: 'adhaarnumber (required)'});
      await expect(old).toHaveValue(/^9999/);
      // The branch's field comes right under the choice; the other branch's is out of the body and
      // off the form; the draft still validates.
      const [choice, field] = [await branch.boundingBox(), await old.boundingBox()];
      expect(field!.y - (choice!.y + choice!.height), 'the field sits under the choice').toBeLessThan(60);
      await expect(panel.getByRole('textbox', {name: /^aadhaar_number/})).toHaveCount(0);
      await expect(panel.locator('.api-sandbox__problems')).toHaveCount(0);
      await branch.selectOption('aadhaar_number');
      await expect(aadhaar).toHaveValue(/^9999/);
      await expectNoSidewaysScroll(panel);
    });

    await test.step('enum selects, required marks, an error beside its field, a highlighted answer', async () => {
      // A required enum: a select of its values and no empty choice; an optional one: "(not sent)" first.
      const access = panel.getByRole('combobox', {name: 'accessmodetype (required)'});
      expect(await access.locator('option').allTextContents()).toEqual(['SITE', 'APP']);
      const biometric = panel.getByRole('combobox', {name: 'biometric_type', exact: true});
      expect(await biometric.locator('option').allTextContents()).toEqual([
        '(not sent)',
        'FINGERPRINT',
        'IRIS',
        'FACE',
      ]);
      await biometric.selectOption({label: '(not sent)'});
      await expect(biometric).toHaveValue('');
      await expect(biometric, 'left out, the field stays on screen to be chosen again').toBeVisible();

      // The mark is seen (an asterisk) and heard (the control's name says required).
      const referenceid = panel.getByRole('textbox', {name: 'referenceid (required)'});
      await expect(referenceid).toBeVisible();
      await expect(
        panel.locator('label', {has: page.locator('code', {hasText: /^referenceid$/})}).locator('.api-sandbox__star'),
      ).toBeVisible();

      // A value the schema refuses: its message right under its field, tied to it.
      const amount = panel.getByRole('textbox', {name: 'amount (required)'});
      await amount.fill('50');
      await expect(amount).toHaveAttribute('aria-invalid', 'true');
      const message = page.locator(`#${(await amount.getAttribute('aria-describedby'))!.replace(/:/g, '\\:')}`);
      await expect(message).toHaveText('amount must be at least 100');
      const [input, below] = [await amount.boundingBox(), await message.boundingBox()];
      expect(below!.y - (input!.y + input!.height), 'the message sits under its field').toBeLessThan(24);
      expect(Math.abs(below!.x - input!.x)).toBeLessThan(24);
      // Sending stays possible: the sandbox answers with the same field, code 10.
      const send = panel.getByRole('button', {name: 'Send', exact: true});
      await expect(send).toBeEnabled();
      await send.click();
      await expect(panel.locator('.api-sandbox__status')).toHaveText('HTTP 400, response_code 10 VALIDATION_ERROR');

      // Fixed, the message goes; the answer's body comes highlighted, with its copy button.
      await amount.fill('1500');
      await expect(amount).not.toHaveAttribute('aria-invalid');
      await expect(message).toHaveCount(0);
      await panel.getByRole('button', {name: 'New referenceid'}).first().click();
      await send.click();
      await expect(panel.locator('.api-sandbox__status')).toHaveText('HTTP 200, response_code 1 SUCCESS');
      const body = panel.locator('pre.api-sandbox__json');
      for (const token of ['property', 'string', 'number', 'boolean'])
        await expect(body.locator(`.token.${token}`).first(), `a ${token} token`).toBeVisible();
      // The site's code themes: every token stands out from the plain text, strings from keys.
      const colours = await body.evaluate((pre) => {
        const colour = (t: string): string => getComputedStyle(pre.querySelector(`.token.${t}`)!).color;
        return {
          plain: getComputedStyle(pre).color,
          property: colour('property'),
          string: colour('string'),
          number: colour('number'),
        };
      });
      expect(colours.plain).not.toBe(colours.property);
      expect(colours.plain).not.toBe(colours.number);
      expect(colours.string).not.toBe(colours.property);
      await expect(panel.getByRole('button', {name: 'Copy the body'})).toBeVisible();
      await expectNoSidewaysScroll(panel);
    });
    expect(problemList(problems)).toEqual([]);
  });
});

/** An operation's own header (the webhook secret proof) is a field, and the sandbox answers it. */
test.describe('Try it: header parameters, phone', () => {
  test.use({viewport: PHONE});

  test('the operation’s own header is a field: the sandbox refuses a wrong proof and accepts a computed one', async ({
    page,
    problems,
    open,
  }) => {
    expect(await open(ROTATE_PAGE)).toBe(200);
    const panel = await openPanel(page);
    const proof = panel.getByRole('textbox', {name: 'X-Webhook-Secret-Proof (required)'});
    await expect(proof).toHaveValue(/^v1=[0-9a-f]{64}$/);
    const send = panel.getByRole('button', {name: 'Send', exact: true});
    const status = panel.locator('.api-sandbox__status');
    // The contract's example proof is no proof of this request: the sandbox's own answer.
    await send.click();
    await expect(status).toHaveText('HTTP 401, response_code 11 AUTHENTICATION_FAILED');
    await expect(panel.locator('.api-sandbox__curl pre')).toContainText("--header 'X-Webhook-Secret-Proof: v1=");
    await panel.getByRole('checkbox', {name: /Compute X-Webhook-Secret-Proof when sending/}).check();
    await send.click();
    await expect(status).toHaveText('HTTP 200, response_code 1 SUCCESS');
    await expectNoSidewaysScroll(panel);
    expect(problemList(problems)).toEqual([]);
  });
});
