/**
 * The Try it panel's fields from the contract (core/sandbox/try-it-hints.ts, core/sandbox/try-it-fields.ts):
 * required marks and allowed values, the fields view with a field left out, the draft checked by the
 * engine's validators, each error placed under its input; and the answer's highlighting
 * (core/code/json-html.ts, checked against the build's Prism).
 */
import Ajv from 'ajv';
import {describe, expect, it} from 'vitest';
import {highlightToHtml} from '#core/code/highlight';
import {jsonOrTextHtml} from '#core/code/json-html';
import type {FamilyValidators, ValidateFunction} from '#core/sandbox/model';
import {draftErrors, inputsOnScreen, placeErrors, shownFields, withoutField} from '#core/sandbox/try-it-fields';
import {hintFor, hintsOf} from '#core/sandbox/try-it-hints';
import {initialPanelState, panelReducer} from '#core/sandbox/try-it-panel';
import type {Draft, RequestExample} from '#core/sandbox/try-it';

const EXAMPLE: RequestExample = {
  method: 'POST',
  path: '/withdraw/{bank}',
  pathParams: {bank: 'B1'},
  query: {lang: 'en'},
  body: JSON.stringify(
    {amount: 1500, accessmodetype: 'SITE', biometric_type: 'IRIS', documents: [{type: 'PAN'}]},
    null,
    2,
  ),
};

const draftWith = (body: unknown): Draft => ({
  pathParams: {bank: 'B1'},
  query: {lang: 'en'},
  body: JSON.stringify(body, null, 2),
  partnerId: 'PS000001',
});

describe('Try it hints: required marks and allowed values from the field rows', () => {
  it('keeps rows that are required or have values, and leaves out rows inside a oneOf branch', () => {
    expect(
      hintsOf([
        {key: 'amount', required: true},
        {key: 'note', required: false},
        {key: 'biometric_type', required: false, enumValues: ['FINGERPRINT', 'IRIS']},
        {key: '[aadhaar_number].aadhaar_number', required: true},
        {key: 'documents[].type', required: true, enumValues: ['PAN']},
      ]),
    ).toEqual({
      amount: {required: true},
      biometric_type: {enum: ['FINGERPRINT', 'IRIS']},
      'documents[].type': {required: true, enum: ['PAN']},
    });
  });

  it('finds a field by its path in the draft; an item of a list of values takes the list’s values only', () => {
    const hints = {'documents[].type': {required: true as const}, tags: {required: true as const, enum: ['A', 'B']}};
    expect(hintFor(hints, 'documents[3].type')).toEqual({required: true});
    expect(hintFor(hints, 'tags[0]')).toEqual({enum: ['A', 'B']});
    expect(hintFor(hints, 'amount')).toBeUndefined();
  });
});

describe('Try it fields view', () => {
  it('shows the example’s fields in its order, a left-out field empty, and fields only the draft has last', () => {
    const body = JSON.stringify({amount: 10, documents: [{type: 'PAN'}], extra: true});
    expect(shownFields(body, EXAMPLE.body)).toEqual([
      {path: 'amount', value: '10', type: 'number'},
      {path: 'accessmodetype', value: '', type: 'string', omitted: true},
      {path: 'biometric_type', value: '', type: 'string', omitted: true},
      {path: 'documents[0].type', value: 'PAN', type: 'string'},
      {path: 'extra', value: 'true', type: 'boolean'},
    ]);
    expect(shownFields('{not json', EXAMPLE.body)).toBeUndefined();
    expect(shownFields(undefined, EXAMPLE.body)).toBeUndefined();
  });

  it('leaves a field out of the body, in an object or a list, and changes nothing for a path it lacks', () => {
    const body = JSON.stringify({a: 1, b: {c: 2, d: 3}, list: ['x', 'y']});
    expect(JSON.parse(withoutField(body, 'b.c'))).toEqual({a: 1, b: {d: 3}, list: ['x', 'y']});
    expect(JSON.parse(withoutField(body, 'list[0]'))).toEqual({a: 1, b: {c: 2, d: 3}, list: ['y']});
    expect(JSON.parse(withoutField(body, 'nope.deeper'))).toEqual(JSON.parse(body));
  });

  it('the empty choice of a select leaves the field out of the draft, and choosing a value puts it back', () => {
    const state = initialPanelState({example: EXAMPLE, testPartnerId: 'PS000001', choices: []});
    const omitted = panelReducer(state, {type: 'omit', path: 'biometric_type'});
    expect(JSON.parse(omitted.draft.body ?? '')).not.toHaveProperty('biometric_type');
    const back = panelReducer(omitted, {type: 'field', path: 'biometric_type', value: 'FINGERPRINT'});
    expect(JSON.parse(back.draft.body ?? '')).toMatchObject({biometric_type: 'FINGERPRINT'});
  });
});

/** Validators as the build compiles them (ajv, allErrors), for one operation `op`. */
function validators(): FamilyValidators {
  const ajv = new Ajv({allErrors: true, coerceTypes: true});
  const body = ajv.compile({
    type: 'object',
    required: ['amount', 'accessmodetype', 'agent'],
    additionalProperties: false,
    properties: {
      amount: {type: 'integer', minimum: 100},
      accessmodetype: {type: 'string', enum: ['SITE', 'APP']},
      biometric_type: {type: 'string', enum: ['FINGERPRINT', 'IRIS']},
      documents: {type: 'array', items: {type: 'object', properties: {type: {type: 'string'}}}},
      agent: {type: 'object', required: ['id'], properties: {id: {type: 'string'}}},
    },
  }) as unknown as ValidateFunction;
  const params = ajv.compile({
    type: 'object',
    required: ['bank'],
    properties: {bank: {type: 'string', minLength: 2}, lang: {type: 'string', enum: ['en', 'hi']}},
  }) as unknown as ValidateFunction;
  return {body: {op: body}, params: {op: params}};
}

const OP = {id: 'op', pathParams: ['bank'], queryParams: ['lang'], hasBody: true};

describe('Try it: the draft checked against the contract before it is sent', () => {
  it('lists each broken field in the sandbox’s words, parameters and body alike', () => {
    const draft = {
      ...draftWith({amount: 50, accessmodetype: 'SITEX', agent: {}}),
      pathParams: {bank: 'B'},
      query: {lang: 'fr'},
    };
    expect(draftErrors(OP, validators(), draft)).toEqual([
      {field: 'bank', rule: 'must be at least 2 characters'},
      {field: 'lang', rule: 'must be one of en, hi'},
      {field: 'amount', rule: 'must be at least 100'},
      {field: 'accessmodetype', rule: 'must be one of SITE, APP'},
      {field: 'agent.id', rule: 'is required'},
    ]);
  });

  it('finds nothing wrong with a valid draft, and names a body that is not JSON', () => {
    expect(draftErrors(OP, validators(), draftWith({amount: 100, accessmodetype: 'APP', agent: {id: 'A1'}}))).toEqual(
      [],
    );
    const broken = {...draftWith({}), body: '{"amount": '};
    expect(draftErrors(OP, validators(), broken)).toEqual([
      {field: '(body)', rule: expect.stringMatching(/^must be valid JSON \(/) as string},
    ]);
  });

  it('puts each error under the input on screen that it names, and the rest in one list', () => {
    const errors = [
      {field: 'amount', rule: 'must be at least 100'},
      {field: 'amount', rule: 'must be an integer'},
      {field: 'agent.id', rule: 'is required'},
      {field: 'lang', rule: 'must be one of en, hi'},
    ];
    expect(placeErrors(errors, ['lang', 'amount'])).toEqual({
      byInput: {
        amount: ['amount must be at least 100', 'amount must be an integer'],
        lang: ['lang must be one of en, hi'],
      },
      rest: [{field: 'agent.id', rule: 'is required'}],
    });
  });

  it('counts the body’s fields as inputs on screen in the fields view only', () => {
    const draft = draftWith({amount: 1});
    expect(inputsOnScreen({view: 'json', draft, example: EXAMPLE})).toEqual(['bank', 'lang']);
    expect(inputsOnScreen({view: 'fields', draft, example: EXAMPLE})).toEqual([
      'bank',
      'lang',
      'amount',
      'accessmodetype',
      'biometric_type',
      'documents[0].type',
    ]);
  });
});

describe('Try it: the answer’s body highlighted', () => {
  const ANSWER = JSON.stringify(
    {
      response_code: 2,
      status: true,
      message: 'Pending: ask "status" at 10:30 <later>',
      data: {amount: -1500.5, rate: 1.5e-7, utr: null, list: [true, false, {}], 'odd "key"': 'a\\b'},
    },
    null,
    2,
  );

  it('gives the HTML the build-time Prism gives the same JSON, byte for byte', () => {
    expect(jsonOrTextHtml(ANSWER)).toBe(highlightToHtml(ANSWER, 'json'));
  });

  it('has a span per key, string, number, boolean and null, and one line span per line', () => {
    const html = jsonOrTextHtml('{\n  "ok": true,\n  "n": 2,\n  "s": "<b>",\n  "z": null\n}');
    expect(html.match(/class="token-line"/g)).toHaveLength(6);
    expect(html).toContain('<span class="token property">&quot;ok&quot;</span>');
    expect(html).toContain('<span class="token boolean">true</span>');
    expect(html).toContain('<span class="token number">2</span>');
    expect(html).toContain('<span class="token string">&quot;&lt;b&gt;&quot;</span>');
    expect(html).toContain('<span class="token null keyword">null</span>');
  });

  it('shows a body that is not JSON as plain, escaped text', () => {
    expect(jsonOrTextHtml('<html>502</html>')).toBe('<span class="token-line">&lt;html&gt;502&lt;/html&gt;\n</span>');
  });
});
