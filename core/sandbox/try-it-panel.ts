/**
 * The state of the Try it panel (src/components/TryIt/Panel.tsx) as a pure reducer: what the reader
 * edits (the draft, the sandbox scenario, the view of the body), where the request goes and with which
 * key, and what came back. The panel dispatches; every decision is here, and
 * tests/unit/try-it-panel.test.ts runs it without a browser.
 */
import {
  applyChoice,
  bodyFields,
  initialDraft,
  keyProblem,
  setBodyField,
  type BodyField,
  type Draft,
  type RequestExample,
  type SentRequest,
  type ScenarioChoice,
  type TokenTransition,
} from './try-it';
import {withoutField} from './try-it-fields';
import {switchBranch} from './try-it-branches';
import {SECRET_PROOF_HEADER} from './engine/secret-proof';
import type {SignatureRule} from './model';
import {NO_READER_KEY, type ReaderSigningKey} from './try-it-signing';

/** Where a parameter of the draft goes: the path, the query string or a header. */
export type ParamPlace = 'pathParams' | 'query' | 'headers';

/** Where a request goes: the sandbox engine in this page, or the real sandbox with the reader's key. */
export type SendMode = 'page' | 'real';

/** How the body is edited: one input per scalar field, or the JSON text. */
export type BodyView = 'fields' | 'json';

/** The answer as the panel shows it. */
export interface Answer {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** A webhook the in-page sandbox queued after the answer, signed as it will be delivered. */
export interface ShownWebhook {
  readonly webhook: string;
  /** Seconds after the answer. */
  readonly after: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The reader's own key for the real sandbox, as "remember for this tab" keeps it. */
export interface RememberedKey {
  readonly partnerId: string;
  readonly secret: string;
  /** The secret's key id (`kid`); absent in a key remembered before the panel asked for it. */
  readonly keyId?: string;
}

export interface PanelState {
  /** The operation's example request: what "Reset the example" goes back to. */
  readonly example: RequestExample;
  /** The documented test partner's id, which the in-page sandbox's token names by default. */
  readonly testPartnerId: string;
  readonly choices: readonly ScenarioChoice[];
  readonly draft: Draft;
  /** The key of the sandbox scenario picked, '' for the example request. */
  readonly choice: string;
  readonly view: BodyView;
  readonly mode: SendMode;
  readonly partnerId: string;
  readonly secret: string;
  /** The key id (`kid`) of the reader's secret, put in the token's header. */
  readonly keyId: string;
  readonly remember: boolean;
  /** Compute the webhook secret proof at send time with the page sandbox's test secret (proofHeaderOf). */
  readonly signProof: boolean;
  /** The operation's `x-signed-request` rule (its transition's sunset); absent for an unmarked call. */
  readonly signature?: SignatureRule;
  /**
   * The reader's request-signing key for the real sandbox: in this state (memory) only, never in
   * keyToRemember's storage, so it is gone on reload; imported non-extractable at each send.
   */
  readonly signing: ReaderSigningKey;
  readonly problem?: string;
  readonly busy: boolean;
  readonly sent?: SentRequest;
  readonly answer?: Answer;
  readonly webhooks: readonly ShownWebhook[];
  readonly copied: boolean;
}

export type PanelAction =
  | {readonly type: 'mode'; readonly mode: SendMode}
  | {readonly type: 'key'; readonly partnerId?: string; readonly secret?: string; readonly keyId?: string}
  | {readonly type: 'remember'; readonly remember: boolean}
  | {readonly type: 'sign-proof'; readonly on: boolean}
  | {readonly type: 'signing-key'; readonly key: Partial<ReaderSigningKey>}
  | {readonly type: 'pick'; readonly key: string}
  | {readonly type: 'reset'}
  | {readonly type: 'param'; readonly where: ParamPlace; readonly name: string; readonly value: string}
  /** The reader picked another branch of the body's `oneOf` at `at` (./try-it-branches.ts). */
  | {readonly type: 'branch'; readonly at: string; readonly title: string}
  | {readonly type: 'field'; readonly path: string; readonly value: string}
  /** The empty choice of an optional field's select: the field is not sent. */
  | {readonly type: 'omit'; readonly path: string}
  | {readonly type: 'body'; readonly text: string}
  | {readonly type: 'view'; readonly view: BodyView}
  | {readonly type: 'refused'; readonly problem: string}
  | {readonly type: 'sending'}
  | {readonly type: 'built'; readonly request: SentRequest}
  | {readonly type: 'answered'; readonly answer: Answer; readonly webhooks: readonly ShownWebhook[]}
  | {readonly type: 'failed'; readonly problem: string}
  | {readonly type: 'copied'}
  | {readonly type: 'new-reference'; readonly id: string};

export interface PanelSetup {
  readonly example: RequestExample;
  readonly testPartnerId: string;
  readonly choices: readonly ScenarioChoice[];
  /** The key remembered in this tab, if the reader asked for it. */
  readonly remembered?: RememberedKey;
  readonly signature?: SignatureRule;
}

/** The panel as it opens: the example request, in the page's sandbox, with a remembered key filled in. */
export function initialPanelState({example, testPartnerId, choices, remembered, signature}: PanelSetup): PanelState {
  return {
    example,
    testPartnerId,
    choices,
    draft: initialDraft(example, testPartnerId),
    choice: '',
    view: 'fields',
    mode: 'page',
    partnerId: remembered?.partnerId ?? '',
    secret: remembered?.secret ?? '',
    keyId: remembered?.keyId ?? '',
    remember: remembered !== undefined,
    signProof: false,
    ...(signature ? {signature} : {}),
    signing: NO_READER_KEY,
    busy: false,
    webhooks: [],
    copied: false,
  };
}

/** The draft with a sandbox scenario applied, or the reason it cannot be (a body that is not JSON). */
function pick(state: PanelState, key: string): PanelState {
  const picked = state.choices.find((c) => c.key === key);
  if (!picked) return {...state, choice: key};
  try {
    return {
      ...state,
      choice: key,
      draft: applyChoice(state.draft, picked, state.example, state.testPartnerId),
      problem: undefined,
    };
  } catch (e) {
    return {...state, choice: key, problem: (e as Error).message};
  }
}

/** The draft after an edit of the reader's (`example` holds the body's `oneOf` choices). */
function edit(draft: Draft, action: PanelAction, example: RequestExample): Draft {
  switch (action.type) {
    case 'param':
      return {...draft, [action.where]: {...draft[action.where], [action.name]: action.value}};
    case 'branch': {
      const group = example.hints?.branches?.find((g) => g.at === action.at);
      return group && draft.body !== undefined
        ? {...draft, body: switchBranch(draft.body, group, action.title)}
        : draft;
    }
    case 'field':
      return {...draft, body: setBodyField(draft.body ?? '{}', action.path, action.value)};
    case 'body':
      return {...draft, body: action.text};
    case 'omit':
      return {...draft, body: withoutField(draft.body ?? '{}', action.path)};
    default:
      return draft;
  }
}

export function panelReducer(state: PanelState, action: PanelAction): PanelState {
  switch (action.type) {
    case 'mode':
      // What the other sandbox answered is not this one's answer: switching clears it (issue 34).
      return action.mode === state.mode
        ? state
        : {
            ...state,
            mode: action.mode,
            answer: undefined,
            webhooks: [],
            sent: undefined,
            problem: undefined,
            copied: false,
          };
    case 'key':
      return {
        ...state,
        partnerId: action.partnerId ?? state.partnerId,
        secret: action.secret ?? state.secret,
        keyId: action.keyId ?? state.keyId,
      };
    case 'remember':
      return {...state, remember: action.remember};
    case 'sign-proof':
      return {...state, signProof: action.on};
    case 'signing-key':
      return {...state, signing: {...state.signing, ...action.key}};
    case 'pick':
      return pick(state, action.key);
    case 'reset':
      return {...state, choice: '', problem: undefined, draft: initialDraft(state.example, state.testPartnerId)};
    case 'param':
    case 'branch':
    case 'field':
    case 'omit':
    case 'body':
      return {...state, draft: edit(state.draft, action, state.example)};
    case 'view':
      return {...state, view: action.view};
    case 'refused':
      return {...state, problem: action.problem, copied: false};
    case 'sending':
      return {...state, problem: undefined, copied: false, busy: true};
    case 'built':
      return {...state, sent: action.request};
    case 'answered':
      return {...state, answer: action.answer, webhooks: action.webhooks, busy: false};
    case 'failed':
      return {...state, answer: undefined, webhooks: [], problem: action.problem, busy: false};
    case 'copied':
      return {...state, copied: true};
    case 'new-reference':
      return hasReferenceId(state.draft)
        ? {...state, draft: edit(state.draft, {type: 'field', path: REFERENCE_FIELD, value: action.id}, state.example)}
        : state;
  }
}

/** The day it is in India (`YYYY-MM-DD`): a sunset is the last day, India time, that the old form works. */
export const indiaDate = (nowMs: number): string => new Date(nowMs + 330 * 60_000).toISOString().slice(0, 10);

/** What the reader's token is without a key id: accepted until the contract's sunset, refused after. */
export interface KidNotice {
  /** True once the old form is refused (the sunset has passed, or the contract has no transition). */
  readonly refused: boolean;
  readonly text: string;
}

/** What the panel says about a key id left empty, or undefined when the reader gave one. */
export function kidNotice(
  keyId: string,
  transition: TokenTransition | undefined,
  today: string,
): KidNotice | undefined {
  if (keyId.trim()) return undefined;
  const where = 'Copy the key id shown beside your secret in the dashboard.';
  if (!transition || today > transition.sunset)
    return {
      refused: true,
      text: `Enter the key id (kid) of your secret: a token without kid in its header is refused${transition ? ` since the transition ended on ${transition.sunset}` : ''}. ${where}`,
    };
  return {
    refused: false,
    text: `Without a key id the token goes without kid in its header. The sandbox accepts that form until ${transition.sunset}, its last day, and refuses it after: the call then answers HTTP 401 with code 11. ${where}`,
  };
}

/** Why the request cannot be sent as the reader set it up (their key for the real sandbox), if so. */
export function sendProblem(
  state: Pick<PanelState, 'mode' | 'partnerId' | 'secret' | 'keyId'>,
  transition?: TokenTransition,
  today = indiaDate(Date.now()),
): string | undefined {
  if (state.mode !== 'real') return undefined;
  const kid = kidNotice(state.keyId, transition, today);
  return (
    keyProblem(state.secret) ??
    (state.partnerId.trim() ? undefined : 'Enter your sandbox partner id (PS and six digits).') ??
    (/\s/.test(state.keyId.trim()) ? 'A key id has no spaces: copy it as the dashboard shows it.' : undefined) ??
    (kid?.refused ? kid.text : undefined)
  );
}

/** Who signs the token and where the request goes. */
export interface Signer {
  readonly partnerId: string;
  readonly secret: string;
  /** The `kid` for the token's header; undefined sends the token without one. */
  readonly keyId?: string;
  readonly baseUrl: string;
}

/** The in-page sandbox's side of a request: its test credentials and the local sandbox's URL (for cURL). */
export interface PageSandbox {
  readonly jwtSecret: string;
  /** The test secret's `kid`. */
  readonly keyId: string;
  readonly baseUrl: string;
}

/** The reader's key and the real sandbox, or the draft's partner id and the page's test credentials. */
export function signerFor(
  state: Pick<PanelState, 'mode' | 'partnerId' | 'secret' | 'keyId' | 'draft'>,
  page: PageSandbox,
  realBaseUrl: string,
): Signer {
  const keyId = state.keyId.trim();
  return state.mode === 'real'
    ? {partnerId: state.partnerId.trim(), secret: state.secret.trim(), ...(keyId ? {keyId} : {}), baseUrl: realBaseUrl}
    : {partnerId: state.draft.partnerId, secret: page.jwtSecret, keyId: page.keyId, baseUrl: page.baseUrl};
}

/** What the panel says when a send fails: the real sandbox's failure names the network and the way out. */
export function sendFailure(mode: SendMode, message: string): string {
  return mode === 'real'
    ? `The real sandbox did not answer (${message}): check your network, or use the sandbox in this page.`
    : message;
}

/** The body's fields for the fields view, or undefined while the text is not JSON (the reader edits it). */
export function editableFields(draft: Draft): BodyField[] | undefined {
  if (draft.body === undefined) return undefined;
  try {
    return bodyFields(draft.body);
  } catch {
    return undefined;
  }
}

/** The body as text to read: indented when it is JSON, as it came otherwise. */
export function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The answer's `response_code` as text, `-` when the body has none (or is not JSON). */
export function responseCodeText(body: string): string {
  try {
    const code = (JSON.parse(body) as {response_code?: unknown} | null)?.response_code;
    return typeof code === 'number' ? String(code) : '-';
  } catch {
    return '-';
  }
}

/** The key to keep in the tab's storage, `null` to forget it, undefined to leave the storage as it is. */
export function keyToRemember(
  state: Pick<PanelState, 'remember' | 'mode' | 'partnerId' | 'secret' | 'keyId'>,
): RememberedKey | null | undefined {
  if (!state.remember) return null;
  return state.mode === 'real' ? {partnerId: state.partnerId, secret: state.secret, keyId: state.keyId} : undefined;
}

/** A `response_code` as the catalogue names it (openapi/response-codes.yaml), with its retry class. */
export interface NamedCode {
  readonly code: number;
  readonly name: string;
  /** Absent where the rule differs by operation (the catalogue keeps only what holds for all). */
  readonly retry?: string;
}

/** How an answer reads at a glance: it worked, it is not final yet (or answers an earlier request), it failed. */
export type Tone = 'success' | 'pending' | 'failure';

const TONE_ORDER: readonly Tone[] = ['success', 'pending', 'failure'];

/**
 * The tone of a code: 1 is the one success; a code whose advice is to ask the status call or to
 * resend as is (pending, unknown, a duplicate answering the original) is not a failure; the rest are.
 */
export function codeTone(code: number, catalogue: readonly NamedCode[]): Tone {
  if (code === 1) return 'success';
  const retry = catalogue.find((c) => c.code === code)?.retry;
  return retry === 'status' || retry === 'safe' ? 'pending' : 'failure';
}

/** The status line's parts: the code, its catalogue name ('' when not catalogued) and its tone. */
export interface StatusLine {
  readonly code: string;
  readonly name: string;
  readonly tone: Tone;
}

export function statusLine(answer: Pick<Answer, 'status' | 'body'>, catalogue: readonly NamedCode[]): StatusLine {
  const code = responseCodeText(answer.body);
  if (code === '-') return {code, name: '', tone: answer.status < 400 ? 'success' : 'failure'};
  const n = Number(code);
  return {code, name: catalogue.find((c) => c.code === n)?.name ?? '', tone: codeTone(n, catalogue)};
}

/** The sandbox scenarios in the order a reader tries them: successes, then pending outcomes, then failures. */
export function orderedChoices(choices: readonly ScenarioChoice[], catalogue: readonly NamedCode[]): ScenarioChoice[] {
  const rank = (c: ScenarioChoice): number => TONE_ORDER.indexOf(codeTone(c.code, catalogue));
  return [...choices].sort((a, b) => rank(a) - rank(b));
}

/** The body field that names the transaction, when the operation's body has one at its top level. */
export const REFERENCE_FIELD = 'referenceid';

/** Whether the draft's body has a top-level `referenceid` (the money-moving calls). */
export function hasReferenceId(draft: Draft): boolean {
  const fields = editableFields(draft);
  return fields?.some((f) => f.path === REFERENCE_FIELD) ?? false;
}

/**
 * A fresh `referenceid` (6 to 36 letters, digits, `-` or `_`, /BodyParam): `TRY` and the time in
 * base 36, so each press gives a new one and a changed amount is not answered with the old transaction.
 */
export const newReferenceId = (nowMs: number): string => `TRY${nowMs.toString(36).toUpperCase()}`;

/** The header that proves the current webhook secret (core/sandbox/engine/secret-proof.ts). */
export const PROOF_HEADER = SECRET_PROOF_HEADER;

/** Whether the operation declares the proof header, so the panel can offer to compute it. */
export const takesProof = (example: RequestExample): boolean => example.headers?.[PROOF_HEADER] !== undefined;

/**
 * The header to compute at send time, when the reader asked for it: only in the page's sandbox, whose
 * test webhook secret the page knows; in real mode the reader computes it with their own secret.
 */
export function proofHeaderOf(state: Pick<PanelState, 'signProof' | 'mode' | 'example'>): string | undefined {
  return state.signProof && state.mode === 'page' && takesProof(state.example) ? PROOF_HEADER : undefined;
}
