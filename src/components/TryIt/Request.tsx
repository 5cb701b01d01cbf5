/**
 * The request half of the Try it panel (./Panel.tsx): where it goes and with which key, the test
 * value, the path and query parameters, and the body as fields or JSON. Each control dispatches to
 * the panel's reducer (core/sandbox/try-it-panel.ts).
 */
import {useState, type Dispatch, type ReactNode} from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import type {Scalar} from '#core/contract/types';
import {
  hasReferenceId,
  indiaDate,
  kidNotice,
  newReferenceId,
  PROOF_HEADER,
  takesProof,
  type PanelAction,
  type PanelState,
  type ParamPlace,
} from '#core/sandbox/try-it-panel';
import type {TokenTransition} from '#core/sandbox/try-it';
import {unsignedNotice} from '#core/sandbox/try-it-signing';
import {SIGNING_ALGS, type SigningAlg} from '#core/signing/fields';
import {shownFields, type PlacedErrors, type ShownField} from '#core/sandbox/try-it-fields';
import {hintFor, type BranchGroup, type FieldHint, type FieldHints} from '#core/sandbox/try-it-hints';
import {chosenBranch, hintsWithBranches, linesWithBranches} from '#core/sandbox/try-it-branches';
import {errorAttributes, SandboxField} from '@site/src/components/TryIt/Box';

export interface FormProps {
  /** The prefix of every control's id (useId), so two panels on a page never share one. */
  readonly id: string;
  readonly state: PanelState;
  readonly dispatch: Dispatch<PanelAction>;
}

/** Puts a fresh `referenceid` in the body: a changed request is then a new transaction, not a duplicate (code 4). */
export function NewReference({dispatch, after}: FormProps & {readonly after?: boolean}): ReactNode {
  return (
    <button
      type="button"
      className="button button--sm button--secondary"
      onClick={() => dispatch({type: 'new-reference', id: newReferenceId(Date.now())})}>
      {after ? (
        <Translate id="tryIt.newReferenceAfter">New referenceid for the next send</Translate>
      ) : (
        <Translate id="tryIt.newReference">New referenceid</Translate>
      )}
    </button>
  );
}

interface RadioProps {
  /** The group's name: one choice of the group is checked. */
  readonly name: string;
  readonly checked: boolean;
  readonly disabled?: boolean;
  readonly onChoose: () => void;
  readonly children: ReactNode;
}

/** One radio button of a group, with its label after it. */
function Radio({name, checked, disabled, onChoose, children}: RadioProps): ReactNode {
  return (
    <label className="api-sandbox__choice">
      <input type="radio" name={name} checked={checked} disabled={disabled} onChange={onChoose} /> {children}
    </label>
  );
}

export function ModeChoice({id, state, dispatch}: FormProps): ReactNode {
  return (
    <fieldset className="api-sandbox__group">
      <legend>
        <Translate id="tryIt.mode">Send to</Translate>
      </legend>
      <Radio
        name={`${id}-mode`}
        checked={state.mode === 'page'}
        onChoose={() => dispatch({type: 'mode', mode: 'page'})}>
        <Translate id="tryIt.mode.page">The sandbox in this page (no key, offline)</Translate>
      </Radio>
      <Radio
        name={`${id}-mode`}
        checked={state.mode === 'real'}
        onChoose={() => dispatch({type: 'mode', mode: 'real'})}>
        <Translate id="tryIt.mode.real">The real sandbox, with your key</Translate>
      </Radio>
    </fieldset>
  );
}

/** The key id (`kid`) of the reader's secret, and what a token without one meets (the contract's sunset). */
function KeyIdField({id, state, dispatch, transition}: FormProps & {readonly transition?: TokenTransition}): ReactNode {
  // Today's date once per panel: the notice only changes at midnight, India time.
  const [today] = useState(() => indiaDate(Date.now()));
  const notice = kidNotice(state.keyId, transition, today);
  return (
    <>
      <SandboxField htmlFor={`${id}-kid`} label={<Translate id="tryIt.keyId">Key id (kid)</Translate>}>
        <input
          id={`${id}-kid`}
          value={state.keyId}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => dispatch({type: 'key', keyId: e.target.value})}
          aria-describedby={`${id}-kid-note`}
        />
      </SandboxField>
      <p id={`${id}-kid-note`} className="api-sandbox__note">
        {notice?.text ??
          translate({
            id: 'tryIt.keyIdNote',
            message: 'Sent as kid in the token’s header, so the sandbox knows which of your secrets signed it.',
          })}
      </p>
    </>
  );
}

/** The reader's partner id, JWT secret and its key id for the real sandbox, and whether the tab remembers them. */
export function KeyFields({
  id,
  state,
  dispatch,
  transition,
}: FormProps & {readonly transition?: TokenTransition}): ReactNode {
  return (
    <fieldset className="api-sandbox__group">
      <legend>
        <Translate id="tryIt.key">Your sandbox key</Translate>
      </legend>
      <SandboxField htmlFor={`${id}-partner`} label={<Translate id="tryIt.partnerId">Partner id</Translate>}>
        <input
          id={`${id}-partner`}
          value={state.partnerId}
          autoComplete="off"
          onChange={(e) => dispatch({type: 'key', partnerId: e.target.value})}
        />
      </SandboxField>
      <SandboxField htmlFor={`${id}-secret`} label={<Translate id="tryIt.secret">JWT secret (jwt_test_…)</Translate>}>
        <input
          id={`${id}-secret`}
          type="password"
          value={state.secret}
          autoComplete="off"
          onChange={(e) => dispatch({type: 'key', secret: e.target.value})}
          aria-describedby={`${id}-secret-note`}
        />
      </SandboxField>
      <p id={`${id}-secret-note`} className="api-sandbox__note">
        <Translate id="tryIt.secretNote">
          Kept in this page's memory only and never sent: the panel signs a fresh token with it for each request.
          Production keys are refused.
        </Translate>
      </p>
      <KeyIdField id={id} state={state} dispatch={dispatch} transition={transition} />
      <label className="api-sandbox__choice">
        <input
          type="checkbox"
          checked={state.remember}
          onChange={(e) => dispatch({type: 'remember', remember: e.target.checked})}
        />{' '}
        <Translate id="tryIt.remember">Remember it in this tab until I close it</Translate>
      </label>
    </fieldset>
  );
}

/**
 * The request signature of a call marked `x-signed-request` (issue 33). In the page's sandbox the
 * panel signs with the sandbox's published test key, and says so. For the real sandbox, the reader's
 * PKCS#8 private key, its key id and algorithm: the labels are the field names core's messages use
 * (SIGNING_KEY_FIELD, SIGNING_KEY_ID_FIELD in core/sandbox/try-it-signing.ts). Left empty, the note
 * says the call goes unsigned and until when the contract's transition accepts that.
 */
export function SigningKeyFields({
  id,
  state,
  dispatch,
  testKeyId,
}: FormProps & {readonly testKeyId?: string}): ReactNode {
  // Today's date once per panel, as KeyIdField: the notice only changes at midnight, India time.
  const [today] = useState(() => indiaDate(Date.now()));
  if (state.mode === 'page')
    return (
      <p className="api-sandbox__note">
        <Translate id="tryIt.signing.page" values={{kid: <code>{testKeyId ?? ''}</code>}}>
          {
            'This call moves money, so the panel signs it with the sandbox’s public test key {kid} (Ed25519): the request below carries Content-Digest, Signature-Input and Signature.'
          }
        </Translate>
      </p>
    );
  const {pem, keyId, alg} = state.signing;
  const unsigned = pem.trim() ? undefined : unsignedNotice(state.signature ?? {}, today);
  const set = (key: Partial<typeof state.signing>): void => dispatch({type: 'signing-key', key});
  return (
    <fieldset className="api-sandbox__group">
      <legend>
        <Translate id="tryIt.signing">Request signature</Translate>
      </legend>
      <SandboxField
        htmlFor={`${id}-sig-pem`}
        label={<Translate id="tryIt.signing.pem">Signing key (PKCS#8 PEM)</Translate>}>
        <textarea
          id={`${id}-sig-pem`}
          rows={pem ? 4 : 2}
          value={pem}
          spellCheck={false}
          autoComplete="off"
          placeholder="-----BEGIN PRIVATE KEY-----"
          onChange={(e) => set({pem: e.target.value})}
          aria-describedby={`${id}-sig-note`}
        />
      </SandboxField>
      <p id={`${id}-sig-note`} className="api-sandbox__note">
        {unsigned ? `${unsigned.text} ` : ''}
        <Translate id="tryIt.signing.memory">
          The key stays in this page’s memory only, imported so that it can sign and cannot be read back: never stored,
          never sent, gone when you reload.
        </Translate>
      </p>
      <SandboxField htmlFor={`${id}-sig-kid`} label={<Translate id="tryIt.signing.keyId">Signing key id</Translate>}>
        <input
          id={`${id}-sig-kid`}
          value={keyId}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => set({keyId: e.target.value})}
        />
      </SandboxField>
      <SandboxField htmlFor={`${id}-sig-alg`} label={<Translate id="tryIt.signing.alg">Algorithm</Translate>}>
        <select id={`${id}-sig-alg`} value={alg} onChange={(e) => set({alg: e.target.value as SigningAlg})}>
          {SIGNING_ALGS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </SandboxField>
    </fieldset>
  );
}

/** The scenarios a request can force; shown only when there is more than the default one. */
export function ScenarioPicker({id, state, dispatch}: FormProps): ReactNode {
  if (state.choices.length <= 1) return null;
  return (
    <SandboxField htmlFor={`${id}-choice`} label={<Translate id="tryIt.sandboxValue">Sandbox scenario</Translate>}>
      <select id={`${id}-choice`} value={state.choice} onChange={(e) => dispatch({type: 'pick', key: e.target.value})}>
        <option value="">{translate({id: 'tryIt.sandboxValue.example', message: 'The example request'})}</option>
        {state.choices.map((c) => (
          <option key={c.key} value={c.key}>
            {c.code} · {c.label}
          </option>
        ))}
      </select>
    </SandboxField>
  );
}

interface ChoiceProps {
  readonly inputId: string;
  readonly value: string;
  readonly hint: FieldHint & {readonly enum: readonly Scalar[]};
  /** The value is not in the request (an optional field left out, a parameter left empty). */
  readonly absent: boolean;
  readonly onValue: (value: string) => void;
  readonly errors?: readonly string[];
}

/**
 * The contract's allowed values of a field as a select. The empty choice ("not sent") is there when
 * the field may be left out, or when it is out already; a value outside the list (typed in the JSON)
 * stays shown, with its error under it, rather than the select pretending it is the first value.
 */
function Choice({inputId, value, hint, absent, onValue, errors}: ChoiceProps): ReactNode {
  const values = hint.enum.map(String);
  return (
    <select
      id={inputId}
      value={absent ? '' : value}
      onChange={(e) => onValue(e.target.value)}
      aria-required={hint.required}
      {...errorAttributes(inputId, errors)}>
      {(!hint.required || absent) && (
        <option value="">{translate({id: 'tryIt.notSent', message: '(not sent)'})}</option>
      )}
      {values.map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
      {!absent && !values.includes(value) && <option value={value}>{value}</option>}
    </select>
  );
}

interface InputProps {
  readonly inputId: string;
  readonly label: ReactNode;
  readonly value: string;
  readonly hint: FieldHint | undefined;
  /** Not in the request: an optional field left out, a parameter left empty. */
  readonly absent: boolean;
  readonly numeric?: boolean;
  readonly errors?: readonly string[];
  readonly onValue: (value: string) => void;
}

/** One input of the request, with its required mark and errors: a select where the contract lists the values. */
function HintedInput({inputId, label, value, hint, absent, numeric, errors, onValue}: InputProps): ReactNode {
  return (
    <SandboxField htmlFor={inputId} label={label} required={hint?.required} errors={errors}>
      {hint?.enum ? (
        <Choice
          inputId={inputId}
          value={value}
          hint={{...hint, enum: hint.enum}}
          absent={absent}
          onValue={onValue}
          errors={errors}
        />
      ) : (
        <input
          id={inputId}
          value={value}
          inputMode={numeric ? 'decimal' : undefined}
          aria-required={hint?.required}
          onChange={(e) => onValue(e.target.value)}
          {...errorAttributes(inputId, errors)}
        />
      )}
    </SandboxField>
  );
}

interface ParamProps extends FormProps {
  readonly where: ParamPlace;
  readonly checks: PlacedErrors;
}

/** One input per path, query or header parameter of the example request; an empty one is not sent. */
export function ParamInputs({id, state, dispatch, where, checks}: ParamProps): ReactNode {
  return Object.keys(state.example[where] ?? {}).map((name) => {
    const value = state.draft[where]?.[name] ?? '';
    return (
      <HintedInput
        key={`${where}-${name}`}
        inputId={`${id}-${where}-${name}`}
        label={<code>{name}</code>}
        value={value}
        hint={state.example.hints?.params[name]}
        absent={value === ''}
        errors={checks.byInput[name]}
        onValue={(v) => dispatch({type: 'param', where, name, value: v})}
      />
    );
  });
}

/**
 * The operation's own headers (the webhook secret proof), and in the page's sandbox the offer to
 * compute the proof as the request is signed: it covers the token's single-use reqId, which exists
 * only then.
 */
export function HeaderInputs({id, state, dispatch, checks}: FormProps & {readonly checks: PlacedErrors}): ReactNode {
  if (!state.example.headers) return null;
  return (
    <fieldset className="api-sandbox__group">
      <legend>
        <Translate id="tryIt.headers">Headers</Translate>
      </legend>
      <ParamInputs id={id} state={state} dispatch={dispatch} where="headers" checks={checks} />
      {takesProof(state.example) && state.mode === 'page' && (
        <label className="api-sandbox__choice">
          <input
            type="checkbox"
            checked={state.signProof}
            onChange={(e) => dispatch({type: 'sign-proof', on: e.target.checked})}
          />{' '}
          {/* One flex item (.api-sandbox__choice is a flex row): the words and the code wrap as a sentence. */}
          <span>
            <Translate id="tryIt.signProof" values={{header: <code>{PROOF_HEADER}</code>}}>
              {'Compute {header} when sending, with the sandbox’s test webhook secret'}
            </Translate>
          </span>
        </label>
      )}
      {takesProof(state.example) && state.mode === 'real' && (
        <p className="api-sandbox__note">
          <Translate id="tryIt.proofReal" values={{header: <code>{PROOF_HEADER}</code>}}>
            {
              '{header} covers the reqId of the token, which the panel makes only as it sends, so a proof typed here cannot match: the real sandbox answers 401 with code 11. Rotate from your own code, or in the dashboard.'
            }
          </Translate>
        </p>
      )}
    </fieldset>
  );
}

/** The select of a `oneOf` of the body: the branch the draft follows; another one switches its fields. */
function BranchChoice({id, state, dispatch, group}: FormProps & {readonly group: BranchGroup}): ReactNode {
  const inputId = `${id}-branch-${group.at}`;
  const chosen = group.branches[chosenBranch(group, state.draft.body)];
  return (
    <SandboxField
      htmlFor={inputId}
      label={
        group.at ? (
          <Translate id="tryIt.branchOf" values={{field: <code>{group.at}</code>}}>
            {'{field}: send one of'}
          </Translate>
        ) : (
          <Translate id="tryIt.branch">Send one of</Translate>
        )
      }>
      <select
        id={inputId}
        value={chosen?.title ?? ''}
        onChange={(e) => dispatch({type: 'branch', at: group.at, title: e.target.value})}>
        {group.branches.map((b) => (
          <option key={b.title} value={b.title}>
            {b.title}
          </option>
        ))}
      </select>
    </SandboxField>
  );
}

interface BodyFieldProps extends FormProps {
  readonly field: ShownField;
  /** The body's hints with the required marks of the `oneOf` branches the draft follows. */
  readonly hints: FieldHints | undefined;
  readonly errors?: readonly string[];
}

/** One field of the body; the empty choice of a select leaves the field out of the body. */
function BodyFieldInput({id, dispatch, field, hints, errors}: BodyFieldProps): ReactNode {
  const hint = hints ? hintFor(hints, field.path) : undefined;
  return (
    <HintedInput
      inputId={`${id}-f-${field.path}`}
      label={<code>{field.path}</code>}
      value={field.value}
      hint={hint}
      absent={field.omitted === true}
      numeric={field.type === 'number'}
      errors={errors}
      onValue={(value) =>
        dispatch(
          value === '' && hint?.enum ? {type: 'omit', path: field.path} : {type: 'field', path: field.path, value},
        )
      }
    />
  );
}

interface BodyProps extends FormProps {
  readonly checks: PlacedErrors;
  /** The id of the list of the draft's errors that no field shows (./Panel.tsx DraftProblems). */
  readonly problemsId?: string;
}

/** The body's view choice: fields or raw JSON, and a new referenceid where the body has one. */
function ViewChoice({id, state, dispatch, fieldsOk}: FormProps & {readonly fieldsOk: boolean}): ReactNode {
  return (
    <div className="api-sandbox__views">
      <Radio
        name={`${id}-view`}
        checked={state.view === 'fields'}
        disabled={!fieldsOk}
        onChoose={() => dispatch({type: 'view', view: 'fields'})}>
        <Translate id="tryIt.view.fields">Fields</Translate>
      </Radio>
      <Radio
        name={`${id}-view`}
        checked={state.view === 'json'}
        onChoose={() => dispatch({type: 'view', view: 'json'})}>
        <Translate id="tryIt.view.json">Raw JSON</Translate>
      </Radio>
      {hasReferenceId(state.draft) && <NewReference id={id} state={state} dispatch={dispatch} />}
    </div>
  );
}

/** The body, one input per field while it is JSON, or as text; nothing for an operation without one. */
export function BodyEditor({id, state, dispatch, checks, problemsId}: BodyProps): ReactNode {
  const body = state.draft.body;
  if (body === undefined) return null;
  const fields = shownFields(body, state.example.body);
  const form = {id, state, dispatch};
  const {hints} = state.example;
  const bodyHints = hints && hintsWithBranches(hints.body, hints.branches, body);
  return (
    <fieldset className="api-sandbox__group">
      <legend>
        <Translate id="tryIt.body">Request body</Translate>
      </legend>
      <ViewChoice {...form} fieldsOk={fields !== undefined} />
      {state.view === 'fields' && fields ? (
        <>
          <p className="api-sandbox__note" aria-hidden="true">
            <Translate id="tryIt.requiredKey">* required</Translate>
          </p>
          {linesWithBranches(fields, hints?.branches, body).map((line) =>
            line.kind === 'branch' ? (
              <BranchChoice key={`[${line.group.at}]`} {...form} group={line.group} />
            ) : (
              <BodyFieldInput
                key={line.field.path}
                {...form}
                field={line.field}
                hints={bodyHints}
                errors={checks.byInput[line.field.path]}
              />
            ),
          )}
        </>
      ) : (
        <SandboxField htmlFor={`${id}-json`} label={<Translate id="tryIt.json">JSON</Translate>}>
          <textarea
            id={`${id}-json`}
            spellCheck={false}
            rows={Math.min(16, body.split('\n').length + 1)}
            value={body}
            onChange={(e) => dispatch({type: 'body', text: e.target.value})}
            // In the JSON view no field has an input: the whole list is the text's description.
            aria-invalid={checks.rest.length ? true : undefined}
            aria-describedby={checks.rest.length ? problemsId : undefined}
          />
        </SandboxField>
      )}
    </fieldset>
  );
}
