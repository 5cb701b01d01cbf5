/**
 * Issue 26: the sandbox refused about 16% of valid two-decimal amounts. For every money field of every
 * operation, found through the contract's `x-money` marker (core/contract/money.ts), never a hand list:
 * generated valid amounts (multiples of the field's step within its minimum and maximum) are accepted,
 * that is, no code 10 names the field; generated invalid ones (one decimal place too many, negative,
 * above the maximum) answer code 10 naming it. fast-check prints the seed and the shrunk value of a
 * failure; run again with that seed (`fc.assert(..., {seed})`) to replay it.
 */
import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {rangeFor, requestMoneyFields, type MoneyRange, type RequestMoneyField} from '#core/contract/money';
import type {Located} from '#core/contract/openapi';
import type {JsonObject} from '#core/sandbox/model';
import {fieldsNamed, openSandboxProbe, type SandboxProbe} from './sandbox-harness';

/** Where an amount without a maximum stops, for generating: ten crore rupees. */
const NO_MAXIMUM = 100_000_000;
/** Runs per property and field: four properties over the ten money fields stay well under 20 s. */
const RUNS = 30;
/** On two cores shared with other work an accepted request (scenario, store, webhooks) takes a few ms. */
const TIMEOUT = 60_000;

let probe: SandboxProbe;
beforeAll(async () => {
  probe = await openSandboxProbe('money');
}, 120_000);
afterAll(() => probe.close());

/** A money field with the range it has in the operation's example request (payout: the mode's range). */
interface MoneyCase extends RequestMoneyField {
  readonly range: MoneyRange;
}

/** The field's grid: its step, decimal places and the multiples of the step within its range. */
function grid(field: MoneyCase) {
  const step = field.schema.multipleOf ?? 0.01;
  const places = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const min = Math.ceil((field.range.minimum ?? 0) / step - 1e-9);
  const max = Math.floor((field.range.maximum ?? NO_MAXIMUM) / step + 1e-9);
  /** k steps, written as a client writes it (`2500.99`, not `2500.9900000000002`). */
  const amount = (k: number): number => Number((k * step).toFixed(places));
  return {step, places, min, max, amount};
}

const valid = (field: MoneyCase) => {
  const g = grid(field);
  return fc.integer({min: g.min, max: g.max}).map(g.amount);
};

/** One decimal place more than the step allows: never a multiple of it. */
const tooPrecise = (field: MoneyCase) => {
  const g = grid(field);
  return fc
    .tuple(fc.integer({min: g.min, max: g.max - 1}), fc.integer({min: 1, max: 9}))
    .map(([k, digit]) => Number((g.amount(k) + digit * 10 ** -(g.places + 1)).toFixed(g.places + 1)));
};

const negative = (field: MoneyCase) => {
  const g = grid(field);
  return fc.integer({min: 1, max: g.max}).map((k) => -g.amount(k));
};

const aboveMaximum = (field: MoneyCase, maximum: number) => {
  const g = grid(field);
  return fc.integer({min: 1, max: 1_000_000}).map((k) => Number((maximum + g.amount(k)).toFixed(g.places)));
};

const cases: {l: Located; field: MoneyCase}[] = [];
describe('money fields, found through x-money', () => {
  beforeAll(() => {
    for (const l of probe.operations)
      for (const field of requestMoneyFields(l)) {
        const body = l.op.requestBody?.content['application/json']?.schema;
        const sample = probe.sample(l).body;
        // Array.isArray does not narrow a readonly array out of Json, hence the cast.
        const request: Readonly<Record<string, unknown>> =
          sample && typeof sample === 'object' && !Array.isArray(sample) ? (sample as JsonObject) : {};
        const range =
          field.in === 'body' && !field.path.includes('.')
            ? rangeFor(body, request, field.path, field.schema)
            : field.schema;
        cases.push({l, field: {...field, range}});
      }
  });

  it('finds the amounts of payouts, bill payments, card bills and AEPS withdrawals', () => {
    const names = cases.map((c) => `${c.l.op.operationId} ${c.field.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'payout-create-order amount',
        'bbps-quickbill-pay amount',
        'bbps-quickbill-pay ccf',
        'bbps-pay-bill ccf',
        'paycc-create-order amount',
        'aeps-cash-withdrawal amount',
      ]),
    );
  });

  /** Sends the operation's example with the value in the field; the fields a code 10 answer names. */
  const named = async ({l, field}: (typeof cases)[number], value: number): Promise<string[]> =>
    fieldsNamed(await probe.send(l, probe.withValue(l, probe.sample(l), field.path, value)));

  it(
    'accepts every valid amount: no code 10 names the field',
    async () => {
      for (const c of cases)
        await fc.assert(
          fc.asyncProperty(valid(c.field), async (v) => !(await named(c, v)).includes(c.field.path)),
          {numRuns: RUNS},
        );
    },
    TIMEOUT,
  );

  /** The invalid kinds: each an arbitrary of the field's invalid values, or none where it has no such value. */
  const refusals: [string, (f: MoneyCase) => fc.Arbitrary<number> | undefined][] = [
    ['an amount with one decimal place too many', tooPrecise],
    ['a negative amount', negative],
    [
      'an amount above the maximum',
      (f) => (f.range.maximum === undefined ? undefined : aboveMaximum(f, f.range.maximum)),
    ],
  ];

  it.each(refusals)(
    'refuses %s, naming the field',
    async (_kind, invalid) => {
      for (const c of cases) {
        const values = invalid(c.field);
        if (!values) continue;
        await fc.assert(
          fc.asyncProperty(values, async (v) => (await named(c, v)).includes(c.field.path)),
          {numRuns: RUNS},
        );
      }
    },
    TIMEOUT,
  );

  // Issue 32, 6: each payout mode's range is in the schema (allOf if/then), and the sandbox answers an
  // amount outside it with code 10 naming `amount`, nothing else (the `if` itself names no field).
  it('holds each payout mode to its range, naming only amount', async () => {
    const {l} = cases.find((c) => c.l.op.operationId === 'payout-create-order' && c.field.path === 'amount')!;
    const named = async (mode: string, amount: number) => {
      const req = probe.withValue(l, probe.withValue(l, probe.sample(l), 'mode', mode), 'amount', amount);
      return fieldsNamed(await probe.send(l, req));
    };
    const answers = await Promise.all(
      [
        ['RTGS', 199999.99],
        ['RTGS', 200000],
        ['IMPS', 500000],
        ['IMPS', 500000.01],
        ['UPI', 100000],
        ['UPI', 100000.01],
        ['NEFT', 1000000],
      ].map(async ([mode, amount]) => `${mode} ${amount}: ${(await named(String(mode), Number(amount))).join(', ')}`),
    );
    expect(answers).toEqual([
      'RTGS 199999.99: amount',
      'RTGS 200000: ',
      'IMPS 500000: ',
      'IMPS 500000.01: amount',
      'UPI 100000: ',
      'UPI 100000.01: amount',
      'NEFT 1000000: ',
    ]);
  });

  it("accepts issue 26's refused amounts", async () => {
    const find = (id: string, path: string) => cases.find((c) => c.l.op.operationId === id && c.field.path === path)!;
    for (const [id, path, value] of [
      ['payout-create-order', 'amount', 2500.99],
      ['bbps-quickbill-pay', 'amount', 9.94],
      ['bbps-quickbill-pay', 'amount', 1.13],
      ['bbps-quickbill-pay', 'ccf', 273.64],
    ] as const)
      expect(await named(find(id, path), value)).not.toContain(path);
  });
});
