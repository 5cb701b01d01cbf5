/**
 * The checks of the sandbox scenarios, fed bad scenario files: each problem names the file and line, the operation,
 * what is wrong and the fix, word for word. The real scenario files are the baseline (they compile clean: see
 * sandbox-engine.test.ts); each case replaces one file, or edits one line of it.
 */
import {describe, expect, it} from 'vitest';
import {compiledContract} from '../helpers/contract';
import {makeSchemaCheck, readScenarioFiles} from '#node/contract/sandbox';
import {
  compileScenarios,
  invalidValue,
  unknownPatchKeys,
  type ScenarioFile,
  type CompiledSandbox,
} from '#core/sandbox/compile';

const {deref: doc, responseCodes} = await compiledContract();
const real = readScenarioFiles();
const check = makeSchemaCheck();

function compile(replace: {sandbox?: ScenarioFile; family?: ScenarioFile} = {}): CompiledSandbox {
  const families = real.families.filter((f) => f.file !== replace.family?.file);
  return compileScenarios({
    doc,
    responseCodes,
    sandbox: replace.sandbox ?? real.sandbox,
    families: replace.family ? [...families, replace.family] : families,
    check,
  });
}

/**
 * The cases below write common.yaml afresh around its district list; the escalation entries of the
 * real file follow each such text (after its lines, so the lines the messages name stay), since
 * without them the escalation codes would be unreachable and reported too.
 */
const commonRest = (() => {
  const text = real.families.find((f) => f.file === 'openapi/scenarios/common.yaml')?.text ?? '';
  return text.slice(text.indexOf('  common-escalation-raise:'));
})();

const problemsWith = (family: string, text: string): readonly string[] =>
  compile({
    family: {
      file: `openapi/scenarios/${family}.yaml`,
      text: family === 'common' && !text.includes('common-escalation-raise:') ? `${text}\n${commonRest}` : text,
    },
  }).problems;

/** The real file of a family with one passage replaced (which must be there). */
function edit(family: string, from: string, to: string): string {
  const text = real.families.find((f) => f.file === `openapi/scenarios/${family}.yaml`)?.text ?? '';
  expect(text, `openapi/scenarios/${family}.yaml still has the passage this test edits`).toContain(from);
  return text.replace(from, to);
}

describe('a bad scenario entry is reported with its file, line, operation and fix', () => {
  // The first compile builds every validator (about 2 s alone, far more beside the whole suite on 2 cores).
  it('none for the scenarios as committed', () => {
    expect(compile().problems).toEqual([]);
  }, 30_000);

  describe('an expires: entry that cannot work', () => {
    const expires =
      'expires: {after: dmt-refund-otp, key: transfer_id, seconds: 600, code: 16, label: Refund OTP expired, message: The refund OTP has expired; send a new one}';
    const withExpires = (to: string) => problemsWith('dmt', edit('dmt', expires, to));
    // The entry's line in the file as committed, so an edit above it does not break these tests.
    const at = `openapi/scenarios/dmt.yaml:${
      edit('dmt', expires, expires)
        .split('\n')
        .findIndex((l) => l.includes(expires)) + 1
    }`;
    it('a starter the contract lacks, with the closest id', () => {
      expect(withExpires(expires.replace('after: dmt-refund-otp', 'after: dmt-refund-otpp'))).toEqual([
        `${at}: dmt-refund: expires names "dmt-refund-otpp", which is not an operation of the contract. Did you mean "dmt-refund-otp"?`,
      ]);
    });
    it('a key one of the two requests lacks', () => {
      expect(withExpires(expires.replace('key: transfer_id', 'key: otp'))).toEqual([
        `${at}: dmt-refund: expires times "otp", which is not a field of the dmt-refund-otp request. Name a field both requests send.`,
      ]);
    });
    it('a code the operation does not list', () => {
      expect(withExpires(expires.replace('code: 16', 'code: 17'))).toEqual([
        `${at}: dmt-refund: expires answers code 17, which dmt-refund does not list (x-response-codes: 1, 4, 7, 10, 16, 23). Use the code the API answers for an expired confirmation.`,
      ]);
    });
  });

  it('an operation id the contract lacks, with the closest ids', () => {
    expect(
      problemsWith(
        'common',
        'operations:\n  common-distrct-list:\n    scenarios:\n      - {label: Unknown state, when: {stateid: 99}, code: 7}\n',
      ),
    ).toEqual([
      'openapi/scenarios/common.yaml:2: operations names "common-distrct-list", which is not an operation of the contract. Did you mean "common-district-list" or "common-state-list" or "common-bank-list"?',
      'openapi/scenarios/common.yaml:1: common-district-list: code 7 (NOT_FOUND) is in its x-response-codes, but no scenario answers it. Add one under operations.common-district-list.scenarios in openapi/scenarios/common.yaml: - {label: ..., when: {<field>: <sandbox scenario>}, code: 7}.',
    ]);
  });
  it('a code the operation does not list', () => {
    expect(
      problemsWith(
        'common',
        'operations:\n  common-district-list:\n    scenarios:\n      - {label: Unknown state, when: {stateid: 99}, code: 7}\n      - {label: Wrong OTP, when: {stateid: 98}, code: 16}\n',
      ),
    ).toEqual([
      'openapi/scenarios/common.yaml:5: common-district-list: scenario "Wrong OTP" answers code 16, which common-district-list does not list (x-response-codes: 1, 7, 10). Use one of those codes, or add 16 to x-response-codes of common-district-list in openapi/families/common.yaml if the API really answers it.',
    ]);
  });
  it('an example name the response lacks', () => {
    expect(
      problemsWith(
        'common',
        'operations:\n  common-district-list:\n    scenarios:\n      - {label: Unknown state, when: {stateid: 99}, code: 7, example: unknown_stat}\n',
      ),
    ).toEqual([
      'openapi/scenarios/common.yaml:4: common-district-list: scenario "Unknown state" names the example "unknown_stat", which the 200 response of common-district-list does not have (it has success, unknown_state). Did you mean "unknown_state"?',
    ]);
  });
  it('an example whose response_code is another', () => {
    expect(
      problemsWith(
        'common',
        'operations:\n  common-district-list:\n    scenarios:\n      - {label: Unknown state, when: {stateid: 99}, code: 7, example: success}\n',
      ),
    ).toEqual([
      'openapi/scenarios/common.yaml:4: common-district-list: scenario "Unknown state" answers code 7 with the example "success", whose response_code is 1. Name an example with response_code 7, or leave example out.',
    ]);
  });
  it('a sandbox scenario on a field the request lacks', () => {
    expect(
      problemsWith(
        'common',
        'operations:\n  common-district-list:\n    scenarios:\n      - {label: Unknown state, when: {state: 99}, code: 7}\n',
      ),
    ).toEqual([
      'openapi/scenarios/common.yaml:4: common-district-list: scenario "Unknown state" matches on "state", which is not a field of the common-district-list request. Use a body field path (customerparams[0].value) or a path or query parameter name.',
    ]);
  });
  it('a sandbox scenario the request schema refuses', () => {
    expect(
      problemsWith(
        'common',
        'operations:\n  common-district-list:\n    scenarios:\n      - {label: Unknown state, when: {stateid: 0}, code: 7}\n',
      ),
    ).toEqual([
      'openapi/scenarios/common.yaml:4: common-district-list: scenario "Unknown state" would never be reached: its request (the contract example with {"stateid":0}) is not valid, so the engine answers code 10:\n    stateid must be at least 1\n  Choose values the request schema accepts.',
    ]);
  });
  it('a code 10 scenario whose request is valid', () => {
    expect(
      problemsWith(
        'common',
        'operations:\n  common-district-list:\n    scenarios:\n      - {label: Unknown state, when: {stateid: 99}, code: 7}\n      - {label: Bad state, when: {stateid: 5}, code: 10}\n',
      ),
    ).toEqual([
      'openapi/scenarios/common.yaml:5: common-district-list: scenario "Bad state" answers code 10, but its request (the contract example with {"stateid":5}) is valid. Give a value that breaks a rule of the request schema.',
    ]);
  });
  it('keys and types outside the format, with their lines', () => {
    expect(
      problemsWith(
        'common',
        "operations:\n  common-district-list:\n    scenarios:\n      - label: Unknown state\n        when: {stateid: 99}\n        code: '7'\n        extra: 1\n",
      ),
    ).toEqual([
      'openapi/scenarios/common.yaml:7: operations.common-district-list.scenarios[0].extra is not a key of the scenarios format. See openapi/scenarios/README.md for the format.',
      'openapi/scenarios/common.yaml:6: operations.common-district-list.scenarios[0].code must be an integer. See openapi/scenarios/README.md for the format.',
      'openapi/scenarios/common.yaml: common-district-list: code 7 (NOT_FOUND) is in its x-response-codes, but no scenario answers it. Add one under operations.common-district-list.scenarios in openapi/scenarios/common.yaml: - {label: ..., when: {<field>: <sandbox scenario>}, code: 7}.',
      'openapi/scenarios/common.yaml: common-escalation-raise: code 24 (NOT_ESCALATABLE) is in its x-response-codes, but no scenario answers it. Add one under operations.common-escalation-raise.scenarios in openapi/scenarios/common.yaml: - {label: ..., when: {<field>: <sandbox scenario>}, code: 24}.',
      'openapi/scenarios/common.yaml: common-escalation-status: code 7 (NOT_FOUND) is in its x-response-codes, but no scenario answers it. Add one under operations.common-escalation-status.scenarios in openapi/scenarios/common.yaml: - {label: ..., when: {<field>: <sandbox scenario>}, code: 7}.',
    ]);
  });
  it("an operation in another family's file", () => {
    expect(
      problemsWith(
        'common',
        'operations:\n  common-district-list:\n    scenarios:\n      - {label: Unknown state, when: {stateid: 99}, code: 7}\n  sms-status:\n    lookup: referenceid\n',
      ),
    ).toEqual([
      'openapi/scenarios/common.yaml:5: sms-status belongs to the family sms. Move its entry to openapi/scenarios/sms.yaml.',
    ]);
  });
  it('two scenarios on the same inputs', () => {
    expect(
      problemsWith(
        'common',
        'operations:\n  common-district-list:\n    scenarios:\n      - {label: Unknown state, when: {stateid: 99}, code: 7}\n      - {label: Also unknown, when: {stateid: 99}, code: 7}\n',
      ),
    ).toEqual([
      'openapi/scenarios/common.yaml:5: common-district-list: scenario "Also unknown" matches the same inputs as "Unknown state", which comes first, so it is never reached. Give it other values.',
    ]);
  });
  it('YAML that does not parse: its syntax error alone, not the codes its operations leave unanswered', () => {
    const text = 'operations: [\n  common-district-list\n';
    expect(compile({family: {file: 'openapi/scenarios/common.yaml', text}}).problems).toEqual([
      [
        'openapi/scenarios/common.yaml:3:1: the YAML does not parse: Flow sequence in block collection must be sufficiently indented and end with a ]',
        '  2 |   common-district-list',
        '  3 |',
        '    | ^',
      ].join('\n'),
    ]);
  });
  it('an answer the response schema refuses', () => {
    expect(
      problemsWith(
        'common',
        'operations:\n  common-district-list:\n    scenarios:\n      - {label: Unknown state, when: {stateid: 99}, code: 7, data: {districts: 3}}\n',
      ),
    ).toEqual([
      'openapi/scenarios/common.yaml:4: common-district-list: scenario "Unknown state" is not a valid 200 response of common-district-list:\n    data must be an array\n  Fix the scenario entry (the contract is the source of truth).',
    ]);
  });
  it('a set: key the response does not define', () => {
    expect(
      problemsWith(
        'common',
        'operations:\n  common-district-list:\n    scenarios:\n      - {label: Unknown state, when: {stateid: 99}, code: 7, set: {mesage: Nope}}\n',
      ),
    ).toEqual([
      'openapi/scenarios/common.yaml:4: common-district-list: scenario "Unknown state" sets mesage, which the 200 response of common-district-list does not define. Fix the field name.',
    ]);
  });
  it('an answer that breaks the envelope rule', () => {
    expect(
      problemsWith(
        'common',
        'operations:\n  common-district-list:\n    scenarios:\n      - {label: Unknown state, when: {stateid: 99}, code: 7, set: {status: true}}\n',
      ),
    ).toEqual([
      'openapi/scenarios/common.yaml:4: common-district-list: scenario "Unknown state" gives status true and response_code 7; status is true exactly when response_code is 1, and response_code must be 7. Fix set: or the code.',
    ]);
  });
  it('a file named after no family', () => {
    expect(problemsWith('aepz', 'operations: {}\n')).toEqual([
      'openapi/scenarios/aepz.yaml:1: no operation of the contract belongs to the family "aepz". Name the file after its family file in openapi/families/ (closest: aeps.yaml).',
    ]);
  });
  it('a pending scenario that never settles', () => {
    expect(
      problemsWith(
        'recharge',
        edit(
          'recharge',
          '        then:\n          - after: 30\n            status: settled\n      - label: Pending with the operator, then failed',
          '      - label: Pending with the operator, then failed',
        ),
      ),
    ).toEqual([
      'openapi/scenarios/recharge.yaml:15: recharge-initiate: scenario "Pending with the operator, then success" answers code 2 (PENDING) but never settles. Add then: [{after: <seconds>, status: <the final status answer>, webhooks: [...]}].',
    ]);
  });
  it('a webhook set: key the payload does not define (each use of the anchor)', () => {
    expect(
      problemsWith(
        'payout',
        edit(
          'payout',
          '&failed-hook {webhook: payout-order-update, set: {status: FAILED,',
          '&failed-hook {webhook: payout-order-update, set: {stauts: FAILED,',
        ),
      ),
    ).toEqual([
      'openapi/scenarios/payout.yaml:47: payout-create-order: scenario "NEFT declined by the beneficiary\'s bank (processing first, then failed)", then[0].webhooks[0] sets stauts, which the payout-order-update payload does not define. Fix the field name.',
      'openapi/scenarios/payout.yaml:95: payout-create-order: scenario "UPI declined by the beneficiary\'s bank", then[0].webhooks[0] sets stauts, which the payout-order-update payload does not define. Fix the field name.',
      'openapi/scenarios/payout.yaml:133: payout-create-order: scenario "RTGS declined by the beneficiary\'s bank", then[0].webhooks[0] sets stauts, which the payout-order-update payload does not define. Fix the field name.',
      'openapi/scenarios/payout.yaml:179: payout-create-order: scenario "Processing at the bank, then failed", then[0].webhooks[0] sets stauts, which the payout-order-update payload does not define. Fix the field name.',
      'openapi/scenarios/payout.yaml:193: payout-create-order: scenario "Bank timed out, then failed", then[0].webhooks[0] sets stauts, which the payout-order-update payload does not define. Fix the field name.',
      'openapi/scenarios/payout.yaml:200: payout-create-order: scenario "Declined by the beneficiary\'s bank", then[0].webhooks[0] sets stauts, which the payout-order-update payload does not define. Fix the field name.',
    ]);
  });
  it('a webhook the contract lacks (each use of the anchor)', () => {
    expect(
      problemsWith(
        'payout',
        edit(
          'payout',
          '              - webhook: payout-order-update\n      - label: NEFT bank timed out',
          '              - webhook: payout-order-updat\n      - label: NEFT bank timed out',
        ),
      ),
    ).toEqual([
      'openapi/scenarios/payout.yaml:29: payout-create-order: scenario "NEFT processing in its batch, then paid (16-character UTR)", then[0].webhooks[0] names the webhook "payout-order-updat", which the contract does not define. Did you mean "payout-order-update"?',
      'openapi/scenarios/payout.yaml:40: payout-create-order: scenario "NEFT bank timed out, then paid in its batch (16-character UTR)", then[0].webhooks[0] names the webhook "payout-order-updat", which the contract does not define. Did you mean "payout-order-update"?',
      'openapi/scenarios/payout.yaml:58: payout-create-order: scenario "NEFT paid in its batch, then returned by the beneficiary\'s bank", then[0].webhooks[0] names the webhook "payout-order-updat", which the contract does not define. Did you mean "payout-order-update"?',
      'openapi/scenarios/payout.yaml:69: payout-create-order: scenario "NEFT accepted, then paid in its batch (16-character UTR)", then[0].webhooks[0] names the webhook "payout-order-updat", which the contract does not define. Did you mean "payout-order-update"?',
    ]);
  });
  it('tracking through a status call without lookup', () => {
    expect(problemsWith('sms', edit('sms', '    lookup: referenceid\n', ''))).toEqual([
      'openapi/scenarios/sms.yaml:7: sms-send: tracking names sms-status, whose scenario entry has no lookup. Add lookup: <the field that names the transaction> under operations.sms-status in openapi/scenarios/sms.yaml.',
      'openapi/scenarios/sms.yaml:22: sms-send: scenario "Submitted, then failed (handset unreachable; the parts stay charged)" gives a status call answer, but sms-send has no tracking. Add tracking: {status: <its status call>} under operations.sms-send.',
      'openapi/scenarios/sms.yaml:29: sms-send: scenario "Submitted, delivered 5 seconds later" gives a status call answer, but sms-send has no tracking. Add tracking: {status: <its status call>} under operations.sms-send.',
    ]);
  });
  it('tracking.also naming a status call that is not in the contract', () => {
    expect(
      problemsWith(
        'paycc',
        edit(
          'paycc',
          'also: [{status: paycc-order-status-by-reference,',
          'also: [{status: paycc-order-status-by-referenc,',
        ),
      ),
    ).toEqual([
      'openapi/scenarios/paycc.yaml:79: paycc-create-order: tracking names "paycc-order-status-by-referenc", which is not an operation of the contract. Did you mean "paycc-order-status-by-reference"?',
    ]);
  });
  it('tracking.from with a state the status call does not take, or a field it has not', () => {
    const misspelt = problemsWith('upicollect', edit('upicollect', 'from: {status: [OPEN]}', 'from: {status: [OPN]}'));
    expect(misspelt).toHaveLength(1);
    expect(misspelt[0]).toMatch(
      /^openapi\/scenarios\/upicollect\.yaml:\d+: upicollect-dispute-respond: tracking\.from gives status "OPN", which is not a value upicollect-dispute-status's answer takes:\n[\s\S]*Name a state of the behaviour model\.$/,
    );
    expect(problemsWith('upicollect', edit('upicollect', 'from: {status: [OPEN]}', 'from: {state: [OPEN]}'))).toEqual([
      expect.stringMatching(
        /upicollect-dispute-respond: tracking\.from names "state", which no documented answer of upicollect-dispute-status has in data\./,
      ),
    ]);
  });
  it('a common code no test partner id answers', () => {
    const sandbox = real.sandbox.text.replace(/ {2}- partnerId: PS000018\n( {4}.*\n| {6}.*\n)*/, '');
    expect(compile({sandbox: {...real.sandbox, text: sandbox}}).problems).toEqual([
      'openapi/scenarios/sandbox.yaml:14: code 18 (RATE_LIMITED) can come from any operation, but no test partner id answers it. Add a partner with code: 18 and scope: all.',
    ]);
  });
});

describe('helpers', () => {
  it('unknownPatchKeys finds misspelt keys at any depth, and accepts the branches of a oneOf', () => {
    const schema = {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: {
            status: {type: 'string'},
            items: {type: 'array', items: {type: 'object', properties: {id: {type: 'string'}}}},
          },
        },
      },
      oneOf: [{properties: {extra: {type: 'string'}}}],
    };
    expect(unknownPatchKeys(schema, {data: {stauts: 'X', items: [{}]}, extra: 'y', other: 1})).toEqual([
      'data.stauts',
      'other',
    ]);
    expect(unknownPatchKeys({type: 'object'}, {anything: 1})).toEqual([]);
  });

  it('invalidValue breaks each kind of rule', () => {
    expect(invalidValue({type: 'string', enum: ['A']})).toBe('NOT_AN_OPTION');
    expect(invalidValue({type: 'integer', minimum: 1})).toBe(0);
    expect(invalidValue({type: 'string', pattern: '^[0-9]+$'})).toBe('!');
    expect(invalidValue({type: 'string', format: 'date'})).toBe('!');
    expect(invalidValue({type: 'integer'})).toBe('not a number');
    expect(invalidValue(undefined)).toBeUndefined();
  });
});
