/**
 * The request half of the Try it panel (./Panel.tsx): where it goes and with which key, the test
 * value, the path and query parameters, and the body as fields or JSON. Each control dispatches to
 * the panel's reducer (core/sandbox/try-it-panel.ts).
 */
import type {Dispatch, ReactNode} from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import {
  editableFields,
  hasReferenceId,
  newReferenceId,
  type PanelAction,
  type PanelState,
} from '#core/sandbox/try-it-panel';
import {SandboxField} from '@site/src/components/TryIt/Box';

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

/** The reader's partner id and JWT secret for the real sandbox, and whether the tab remembers them. */
export function KeyFields({id, state, dispatch}: FormProps): ReactNode {
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

interface ParamProps extends FormProps {
  readonly where: 'pathParams' | 'query';
}

/** One input per path or query parameter of the example request. */
export function ParamInputs({id, state, dispatch, where}: ParamProps): ReactNode {
  return Object.keys(state.example[where]).map((name) => (
    <SandboxField key={`${where}-${name}`} htmlFor={`${id}-${where}-${name}`} label={<code>{name}</code>}>
      <input
        id={`${id}-${where}-${name}`}
        value={state.draft[where][name] ?? ''}
        onChange={(e) => dispatch({type: 'param', where, name, value: e.target.value})}
      />
    </SandboxField>
  ));
}

/** The body, one input per field while it is JSON, or as text; nothing for an operation without one. */
export function BodyEditor({id, state, dispatch}: FormProps): ReactNode {
  const body = state.draft.body;
  if (body === undefined) return null;
  const fields = editableFields(state.draft);
  return (
    <fieldset className="api-sandbox__group">
      <legend>
        <Translate id="tryIt.body">Request body</Translate>
      </legend>
      <div className="api-sandbox__views">
        <Radio
          name={`${id}-view`}
          checked={state.view === 'fields'}
          disabled={!fields}
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
      {state.view === 'fields' && fields ? (
        fields.map((f) => (
          <SandboxField key={f.path} htmlFor={`${id}-f-${f.path}`} label={<code>{f.path}</code>}>
            <input
              id={`${id}-f-${f.path}`}
              value={f.value}
              inputMode={f.type === 'number' ? 'decimal' : undefined}
              onChange={(e) => dispatch({type: 'field', path: f.path, value: e.target.value})}
            />
          </SandboxField>
        ))
      ) : (
        <SandboxField htmlFor={`${id}-json`} label={<Translate id="tryIt.json">JSON</Translate>}>
          <textarea
            id={`${id}-json`}
            spellCheck={false}
            rows={Math.min(16, body.split('\n').length + 1)}
            value={body}
            onChange={(e) => dispatch({type: 'body', text: e.target.value})}
          />
        </SandboxField>
      )}
    </fieldset>
  );
}
