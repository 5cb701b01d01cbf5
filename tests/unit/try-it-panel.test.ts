import {describe, expect, it} from 'vitest';
import type {RequestExample, ScenarioChoice} from '#core/sandbox/try-it';
import {
  editableFields,
  hasReferenceId,
  initialPanelState,
  newReferenceId,
  orderedChoices,
  statusLine,
  keyToRemember,
  panelReducer,
  pretty,
  responseCodeText,
  sendFailure,
  indiaDate,
  kidNotice,
  proofHeaderOf,
  sendProblem,
  signerFor,
  type PanelAction,
  type PanelState,
} from '#core/sandbox/try-it-panel';

const EXAMPLE: RequestExample = {
  method: 'POST',
  path: '/service/bbps/bill/{billerId}/fetch',
  pathParams: {billerId: 'BESCOM'},
  query: {lang: 'en'},
  body: '{\n  "amount": 500,\n  "notify": true\n}',
};

const CHOICES: readonly ScenarioChoice[] = [
  {key: '0', code: 1, label: 'Bill found', when: []},
  {key: '1', code: 13, label: 'No bill due', when: [{input: 'amount', value: 13}]},
  {key: '2', code: 2, label: 'Biller down', when: [{input: 'billerId', value: 'DOWN'}]},
  {key: '3', code: 18, label: 'Rate limited', when: [], partnerId: 'PS000018'},
];

const START = initialPanelState({example: EXAMPLE, testPartnerId: 'PS001234', choices: CHOICES});

const run = (...actions: PanelAction[]): PanelState => actions.reduce(panelReducer, START);

const REQUEST = {method: 'POST', url: 'http://127.0.0.1:4010/x', headers: {Authorization: 'Bearer t'}};
const ANSWER = {status: 200, statusText: '', headers: {}, body: '{"response_code":1}'};

describe('Try it panel: how it opens', () => {
  it('starts from the example request, in the page sandbox, in the fields view, with no key', () => {
    expect(START).toMatchObject({
      draft: {pathParams: {billerId: 'BESCOM'}, query: {lang: 'en'}, body: EXAMPLE.body, partnerId: 'PS001234'},
      choice: '',
      view: 'fields',
      mode: 'page',
      partnerId: '',
      secret: '',
      remember: false,
      busy: false,
      webhooks: [],
      copied: false,
    });
    expect([START.problem, START.sent, START.answer]).toEqual([undefined, undefined, undefined]);
  });

  it('fills in a key the tab remembers, and keeps remembering it', () => {
    const remembered = {partnerId: 'PS000042', secret: 'jwt_test_abc'};
    const state = initialPanelState({example: EXAMPLE, testPartnerId: 'PS001234', choices: CHOICES, remembered});
    expect([state.partnerId, state.secret, state.remember]).toEqual(['PS000042', 'jwt_test_abc', true]);
  });
});

describe('Try it panel: editing the request', () => {
  it('sets a path or query parameter, a body field (keeping its type) and the body text', () => {
    expect(run({type: 'param', where: 'pathParams', name: 'billerId', value: 'X'}).draft.pathParams).toEqual({
      billerId: 'X',
    });
    expect(run({type: 'param', where: 'query', name: 'lang', value: 'hi'}).draft.query).toEqual({lang: 'hi'});
    expect(JSON.parse(run({type: 'field', path: 'amount', value: '750'}).draft.body!)).toEqual({
      amount: 750,
      notify: true,
    });
    expect(run({type: 'body', text: '{"amount": '}).draft.body).toBe('{"amount": ');
  });

  it('applies a picked sandbox scenario to the body, the parameters or the partner id', () => {
    expect(JSON.parse(run({type: 'pick', key: '1'}).draft.body!)).toEqual({amount: 13, notify: true});
    expect(run({type: 'pick', key: '2'}).draft.pathParams).toEqual({billerId: 'DOWN'});
    const partner = run({type: 'pick', key: '3'});
    expect([partner.choice, partner.draft.partnerId]).toEqual(['3', 'PS000018']);
    expect(run({type: 'pick', key: '3'}, {type: 'pick', key: ''}).choice).toBe('');
  });

  it('says why a sandbox scenario cannot be applied to a body that is not JSON, and clears it on the next pick', () => {
    const broken = run({type: 'body', text: '{"amount": '}, {type: 'pick', key: '1'});
    expect(broken.choice).toBe('1');
    expect(broken.problem).toMatch(/^The request body is not valid JSON \(.+\): fix it, or reset the example/);
    expect(panelReducer({...broken, draft: START.draft}, {type: 'pick', key: '2'}).problem).toBeUndefined();
  });

  it('resets to the example request and the default sandbox scenario', () => {
    const reset = run({type: 'pick', key: '3'}, {type: 'body', text: '{}'}, {type: 'reset'});
    expect([reset.choice, reset.draft, reset.problem]).toEqual(['', START.draft, undefined]);
  });

  it('clears the answer of one sandbox when the reader switches to the other', () => {
    const answered = run(
      {type: 'built', request: {method: 'POST', url: 'http://x/a', headers: {}}},
      {type: 'answered', answer: {status: 200, statusText: 'OK', headers: {}, body: '{}'}, webhooks: []},
    );
    const switched = panelReducer(answered, {type: 'mode', mode: 'real'});
    expect([switched.mode, switched.answer, switched.sent, switched.webhooks]).toEqual([
      'real',
      undefined,
      undefined,
      [],
    ]);
    expect(panelReducer(answered, {type: 'mode', mode: 'page'})).toBe(answered);
  });

  it('offers the fields view only while the body is JSON', () => {
    expect(editableFields(START.draft)?.map((f) => `${f.path}:${f.type}`)).toEqual(['amount:number', 'notify:boolean']);
    expect(editableFields({...START.draft, body: '{"amount": '})).toBeUndefined();
    expect(editableFields({pathParams: {}, query: {}, partnerId: 'PS001234'})).toBeUndefined();
  });
});

describe('Try it panel: the key for the real sandbox', () => {
  const real = run({type: 'mode', mode: 'real'});
  const TRANSITION = {old: 'a token without kid', replacement: 'a token with `kid`', sunset: '2027-06-30'};

  it('needs nothing in the page sandbox', () => {
    expect(sendProblem(START)).toBeUndefined();
  });

  it('refuses a missing or production key first, then asks for the partner id', () => {
    expect(sendProblem(real)).toBe('Enter your sandbox JWT secret from the dashboard.');
    expect(sendProblem({...real, secret: 'jwt_live_abc', partnerId: 'PS000042'})).toMatch(/production key/);
    expect(sendProblem({...real, secret: 'jwt_test_abc', partnerId: '  '})).toBe(
      'Enter your sandbox partner id (PS and six digits).',
    );
    expect(
      sendProblem({...real, secret: 'jwt_test_abc', partnerId: 'PS000042'}, TRANSITION, '2026-11-27'),
    ).toBeUndefined();
  });

  it('asks for the key id, and says until which day the contract accepts a token without it', () => {
    const keyed = {...real, secret: 'jwt_test_abc', partnerId: 'PS000042'};
    expect(kidNotice('sbx-key-2', TRANSITION, '2026-11-27')).toBeUndefined();
    expect(kidNotice(' ', TRANSITION, '2027-06-30')).toEqual({
      refused: false,
      text: 'Without a key id the token goes without kid in its header. The sandbox accepts that form until 2027-06-30, its last day, and refuses it after: the call then answers HTTP 401 with code 11. Copy the key id shown beside your secret in the dashboard.',
    });
    // The day after the sunset (India time), or a contract with no transition: the panel refuses to send.
    const after =
      'Enter the key id (kid) of your secret: a token without kid in its header is refused since the transition ended on 2027-06-30. Copy the key id shown beside your secret in the dashboard.';
    expect(sendProblem(keyed, TRANSITION, '2027-07-01')).toBe(after);
    expect(sendProblem(keyed, undefined, '2026-11-27')).toMatch(
      /^Enter the key id \(kid\) of your secret: a token without kid in its header is refused\. /,
    );
    expect(sendProblem({...keyed, keyId: 'sbx key'}, TRANSITION, '2026-11-27')).toBe(
      'A key id has no spaces: copy it as the dashboard shows it.',
    );
    expect(sendProblem({...keyed, keyId: 'sbx-key-2'}, undefined, '2030-01-01')).toBeUndefined();
  });

  it('reads the day in India time, where the sunset day ends', () => {
    expect(indiaDate(Date.parse('2027-06-30T18:29:59Z'))).toBe('2027-06-30');
    expect(indiaDate(Date.parse('2027-06-30T18:30:00Z'))).toBe('2027-07-01');
  });

  it('signs with the trimmed key for the real sandbox, with the test credentials in the page', () => {
    const page = {jwtSecret: 'jwt_test_7c2e91', keyId: 'sbx-key-2', baseUrl: 'http://127.0.0.1:4010/api/v1'};
    const keyed = panelReducer(real, {type: 'key', partnerId: ' PS000042 ', secret: ' jwt_test_abc '});
    expect(signerFor(keyed, page, 'https://sandbox.example/api/v1')).toEqual({
      partnerId: 'PS000042',
      secret: 'jwt_test_abc',
      baseUrl: 'https://sandbox.example/api/v1',
    });
    // The reader's kid goes into the token's header, trimmed.
    expect(signerFor(panelReducer(keyed, {type: 'key', keyId: ' rr-key-7 '}), page, 'https://x.example')).toEqual({
      partnerId: 'PS000042',
      secret: 'jwt_test_abc',
      keyId: 'rr-key-7',
      baseUrl: 'https://x.example',
    });
    expect(signerFor(run({type: 'pick', key: '3'}), page, 'https://sandbox.example/api/v1')).toEqual({
      partnerId: 'PS000018',
      ...{secret: page.jwtSecret, keyId: 'sbx-key-2', baseUrl: page.baseUrl},
    });
  });

  it('keeps the key in the tab only in the real mode with the box ticked, and forgets it when unticked', () => {
    const keyed = panelReducer(real, {type: 'key', partnerId: 'PS000042', secret: 'jwt_test_abc'});
    expect(keyToRemember(keyed)).toBeNull();
    expect(keyToRemember(panelReducer(keyed, {type: 'remember', remember: true}))).toEqual({
      partnerId: 'PS000042',
      secret: 'jwt_test_abc',
      keyId: '',
    });
    expect(keyToRemember({...keyed, remember: true, mode: 'page'})).toBeUndefined();
  });
});

describe('Try it panel: sending', () => {
  it('shows a refusal without sending, and clears "Copied"', () => {
    const refused = panelReducer({...START, copied: true}, {type: 'refused', problem: 'No key'});
    expect([refused.problem, refused.copied, refused.busy]).toEqual(['No key', false, false]);
  });

  it('is busy from the send to the answer, and keeps the request sent for cURL', () => {
    const sending = run({type: 'refused', problem: 'No key'}, {type: 'sending'});
    expect([sending.problem, sending.busy]).toEqual([undefined, true]);
    const answered = panelReducer(panelReducer(sending, {type: 'built', request: REQUEST}), {
      type: 'answered',
      answer: ANSWER,
      webhooks: [],
    });
    expect([answered.busy, answered.sent, answered.answer]).toEqual([false, REQUEST, ANSWER]);
    expect(panelReducer(answered, {type: 'copied'}).copied).toBe(true);
  });

  it('drops the last answer on a failure and says why, keeping the request sent', () => {
    const failed = run(
      {type: 'sending'},
      {type: 'built', request: REQUEST},
      {type: 'answered', answer: ANSWER, webhooks: []},
      {type: 'sending'},
      {type: 'failed', problem: 'Boom'},
    );
    expect([failed.answer, failed.webhooks, failed.problem, failed.busy, failed.sent]).toEqual([
      undefined,
      [],
      'Boom',
      false,
      REQUEST,
    ]);
  });

  it('names the network and the way out when the real sandbox does not answer', () => {
    expect(sendFailure('real', 'Failed to fetch')).toBe(
      'The real sandbox did not answer (Failed to fetch): check your network, or use the sandbox in this page.',
    );
    expect(sendFailure('page', 'No such route')).toBe('No such route');
  });
});

describe('Try it panel: showing the answer', () => {
  it('indents a JSON body and leaves any other text as it came', () => {
    expect(pretty('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(pretty('<html>')).toBe('<html>');
  });

  it('reads the response_code of a JSON body, and "-" for anything else', () => {
    expect(responseCodeText('{"response_code":13}')).toBe('13');
    expect(responseCodeText('{"response_code":"13"}')).toBe('-');
    expect(responseCodeText('null')).toBe('-');
    expect(responseCodeText('<html>')).toBe('-');
  });
});

describe('Try it: status line, scenario order and a new referenceid', () => {
  const CATALOGUE = [
    {code: 1, name: 'SUCCESS', retry: 'safe'},
    {code: 2, name: 'PENDING', retry: 'status'},
    {code: 3, name: 'FAILED', retry: 'new-ref'},
    {code: 4, name: 'DUPLICATE_REFERENCE', retry: 'safe'},
    {code: 10, name: 'VALIDATION_ERROR', retry: 'no'},
  ];

  it('names the code with its tone: success, not final yet, failure', () => {
    const line = (body: string, status = 200) => statusLine({status, body}, CATALOGUE);
    expect(line('{"response_code":2}')).toEqual({code: '2', name: 'PENDING', tone: 'pending'});
    expect(line('{"response_code":1}')).toEqual({code: '1', name: 'SUCCESS', tone: 'success'});
    expect(line('{"response_code":4}')).toEqual({code: '4', name: 'DUPLICATE_REFERENCE', tone: 'pending'});
    expect(line('{"response_code":10}', 400)).toEqual({code: '10', name: 'VALIDATION_ERROR', tone: 'failure'});
    expect(line('{"response_code":77}')).toEqual({code: '77', name: '', tone: 'failure'});
    expect(line('not json', 502)).toEqual({code: '-', name: '', tone: 'failure'});
  });

  it('orders the scenarios successes first, then pending, then failures, each group as it was', () => {
    const ordered = orderedChoices(
      [
        {key: '0', code: 10, label: 'Bad', when: []},
        {key: '1', code: 3, label: 'Declined', when: []},
        {key: '2', code: 2, label: 'Pending', when: []},
        {key: '3', code: 1, label: 'Done', when: []},
      ],
      CATALOGUE,
    );
    expect(ordered.map((c) => c.key)).toEqual(['3', '2', '0', '1']);
  });

  it('puts a fresh referenceid in a body that has one, and leaves other bodies alone', () => {
    const withRef = {...EXAMPLE, body: '{\n  "referenceid": "OLD123",\n  "amount": 500\n}'};
    const state = initialPanelState({example: withRef, testPartnerId: 'PS000001', choices: []});
    expect(hasReferenceId(state.draft)).toBe(true);
    const next = panelReducer(state, {type: 'new-reference', id: newReferenceId(1_700_000_000_000)});
    expect(JSON.parse(next.draft.body ?? '')).toEqual({referenceid: 'TRYLOYW3V28', amount: 500});
    expect(newReferenceId(1_700_000_000_000)).toMatch(/^[A-Za-z0-9_-]{6,36}$/);
    const plain = initialPanelState({example: EXAMPLE, testPartnerId: 'PS000001', choices: []});
    expect(hasReferenceId(plain.draft)).toBe(false);
    expect(panelReducer(plain, {type: 'new-reference', id: 'TRY1'})).toBe(plain);
  });
});

describe('Try it panel: header parameters and the webhook secret proof', () => {
  const ROTATE: RequestExample = {
    method: 'POST',
    path: '/webhooks/secret/rotate',
    pathParams: {},
    query: {},
    headers: {'X-Webhook-Secret-Proof': 'v1=3b1f'},
    body: '{}',
  };
  const start = initialPanelState({example: ROTATE, testPartnerId: 'PS001234', choices: []});

  it('starts the header from its example and edits it as a parameter', () => {
    expect(start.draft.headers).toEqual({'X-Webhook-Secret-Proof': 'v1=3b1f'});
    const edited = panelReducer(start, {type: 'param', where: 'headers', name: 'X-Webhook-Secret-Proof', value: ''});
    expect(edited.draft.headers).toEqual({'X-Webhook-Secret-Proof': ''});
  });

  it('computes the proof at send time only when asked, in the page sandbox, on an operation that takes it', () => {
    expect(proofHeaderOf(start)).toBeUndefined();
    const asked = panelReducer(start, {type: 'sign-proof', on: true});
    expect(proofHeaderOf(asked)).toBe('X-Webhook-Secret-Proof');
    expect(proofHeaderOf({...asked, mode: 'real'})).toBeUndefined();
    expect(proofHeaderOf({...asked, example: EXAMPLE})).toBeUndefined();
  });
});
