/**
 * A page as `npm run new:page` writes it fails `npm run check:content` until its prompts are
 * replaced: the check runs on the scaffold's own output, so the two cannot drift apart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {checkPrompts} from '../../scripts/check-content';
import {SCAFFOLD_PROMPTS, scaffoldPage, sidebarLabel} from '../../scripts/lib/scaffold';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, {recursive: true, force: true});
});

function siteWith(rel: string, text: string): string {
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scaffold-'));
  dirs.push(siteDir);
  fs.mkdirSync(path.dirname(path.join(siteDir, rel)), {recursive: true});
  fs.writeFileSync(path.join(siteDir, rel), text);
  return siteDir;
}

const page = scaffoldPage({
  id: 'bbps-bill-receipt',
  kind: 'operation',
  summary: 'Bill receipt',
  description: 'Returns the receipt of a paid bill. For reprinting.',
  component: 'Endpoint',
});

describe('sidebarLabel', () => {
  it('is short as the siblings are: no articles, no family name the category already gives', () => {
    expect(sidebarLabel('Create a payout order', 'payout')).toBe('Create order');
    expect(sidebarLabel('SMS delivery status', 'sms')).toBe('Delivery status');
    expect(sidebarLabel('Send a transactional SMS', 'sms')).toBe('Send transactional SMS');
    expect(sidebarLabel('Bill receipt', 'bbps')).toBe('Bill receipt');
    expect(sidebarLabel('Payouts', 'payout')).toBe('Payouts');
  });
});

describe('the scaffold and the content check', () => {
  it('writes front matter from the contract, the prompts and the reference block', () => {
    expect(page).toBe(`---
title: "Bill receipt"
sidebar_label: "Bill receipt"
description: "Returns the receipt of a paid bill."
---

${SCAFFOLD_PROMPTS[0]}

## Before you call it

${SCAFFOLD_PROMPTS[1]}

## Pitfalls

${SCAFFOLD_PROMPTS[2]}

<Endpoint op="bbps-bill-receipt" />
`);
  });

  it('every prompt it leaves fails the check, with the file, the line and the fix', () => {
    const siteDir = siteWith('docs/v1/service/bbps/bill/receipt.mdx', page);
    expect(checkPrompts(siteDir).map((p) => p.message)).toEqual([
      `docs/v1/service/bbps/bill/receipt.mdx:7: "${SCAFFOLD_PROMPTS[0]}" is a prompt of npm run new:page. Replace it with what a reader needs here.`,
      `docs/v1/service/bbps/bill/receipt.mdx:11: "${SCAFFOLD_PROMPTS[1]}" is a prompt of npm run new:page. Replace it with what a reader needs here.`,
      `docs/v1/service/bbps/bill/receipt.mdx:15: "${SCAFFOLD_PROMPTS[2]}" is a prompt of npm run new:page. Replace it with what a reader needs here.`,
    ]);
  });

  it('passes once the prompts are replaced by prose', () => {
    let written = page;
    for (const prompt of SCAFFOLD_PROMPTS) written = written.replace(prompt, 'Real prose for the reader.');
    expect(checkPrompts(siteWith('docs/v1/service/bbps/bill/receipt.mdx', written))).toEqual([]);
  });

  it('a webhook page ends with the signature check', () => {
    expect(
      scaffoldPage({
        id: 'bbps-payment',
        kind: 'webhook',
        summary: 'Payment',
        description: 'Sent.',
        component: 'WebhookEvent',
      }),
    ).toMatch(/<WebhookEvent op="bbps-payment" \/>\n\n## Verify the signature\n\n<VerifySignature \/>\n$/);
  });
});
