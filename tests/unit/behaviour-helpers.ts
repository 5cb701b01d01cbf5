/** The made-up behaviour family the behaviour tests share (tests/fixtures/behaviour/demo.yaml), and its contract names. */
import fs from 'node:fs';
import path from 'node:path';
import {
  parseCommon,
  parseFamily,
  type BehaviourContext,
  type CommonBehaviour,
  type FamilyBehaviour,
} from '#core/behaviour/model';

export const DEMO_FILE = 'tests/fixtures/behaviour/demo.yaml';
export const DEMO_TEXT = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'behaviour', 'demo.yaml'), 'utf8');

export const CTX: BehaviourContext = {
  operations: new Map([
    ['demo-pay', [1, 2, 3, 4, 5, 6]],
    ['demo-status', [1, 7]],
  ]),
  webhooks: new Set(['demo-update']),
  tags: new Set(['demo']),
  facts: new Set(['demo-window']),
};

/** The demo family, parsed from `text` (the fixture unless given); fails the test on a problem. */
export function demoFamily(text = DEMO_TEXT): FamilyBehaviour {
  const {family, problems} = parseFamily(DEMO_FILE, text, CTX);
  if (problems.length || !family) throw new Error(problems.join('\n'));
  return family;
}

export const COMMON_TEXT = `polling: {first-after-seconds: 30, every-seconds: 60, fast-for-minutes: 30, then-every-minutes: 15}
retries:
  after-minutes: [1, 5, 15, 60, 180, 360, 540, 720, 900, 1080, 1260, 1440]
ack: {within-seconds: 10}
retention: {days: 30}
`;

export function demoCommon(text = COMMON_TEXT): CommonBehaviour {
  const {common, problems} = parseCommon('openapi/behaviour/shared.yaml', text);
  if (problems.length || !common) throw new Error(problems.join('\n'));
  return common;
}
