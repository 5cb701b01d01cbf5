/**
 * The Try it panel, loaded on first use (./index.tsx). Sends the operation's request to the sandbox
 * engine running in this page (the documented test credentials, no key, works offline), or to the
 * real sandbox with the reader's own JWT secret. The request building, the cURL command and the key
 * check are pure (core/sandbox/try-it.ts), and so is the panel's state (core/sandbox/try-it-panel.ts,
 * a reducer); this file loads the family's files and lays out the form (./Request.tsx, ./Answer.tsx),
 * and ./send.ts sends.
 *
 * The reader's secret stays in this component's state (memory) unless they tick "remember for this
 * tab", which keeps it in sessionStorage until the tab closes. A production-looking key is refused
 * before anything is signed. The reader's request-signing private key is never remembered: it stays
 * in the reducer's state and is imported non-extractable at each send (issue 33).
 */
import {useEffect, useId, useMemo, useReducer, useState, type ReactNode} from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import catalogue from '@generated/api-contract/default/response-codes.json';
import {curlCommand, scenarioChoices, type RequestExample} from '#core/sandbox/try-it';
import {
  hasReferenceId,
  initialPanelState,
  keyToRemember,
  orderedChoices,
  panelReducer,
  type PanelState,
  type RememberedKey,
} from '#core/sandbox/try-it-panel';
import {draftErrors, inputsOnScreen, placeErrors, type PlacedErrors} from '#core/sandbox/try-it-fields';
import {loadPanel, type Loaded} from './load';
import {send} from './send';
import {
  BodyEditor,
  HeaderInputs,
  KeyFields,
  ModeChoice,
  NewReference,
  ParamInputs,
  ScenarioPicker,
  SigningKeyFields,
  type FormProps,
} from './Request';
import {AnswerView, CurlView} from './Answer';
import SandboxBox from '@site/src/components/TryIt/Box';

interface Props {
  readonly op: string;
  readonly family: string;
}

const REMEMBER_KEY = 'rupeerail.tryIt.key';

function readRemembered(): RememberedKey | undefined {
  try {
    const raw = sessionStorage.getItem(REMEMBER_KEY);
    return raw ? (JSON.parse(raw) as RememberedKey) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the reader's key for the tab only when they asked; forgets it at once when they untick it. */
function useRememberedKey({remember, mode, partnerId, secret, keyId}: PanelState): void {
  useEffect(() => {
    const key = keyToRemember({remember, mode, partnerId, secret, keyId});
    try {
      if (key) sessionStorage.setItem(REMEMBER_KEY, JSON.stringify(key));
      else if (key === null) sessionStorage.removeItem(REMEMBER_KEY);
    } catch {
      // Storage can be disabled; the key then lives in memory only, as by default.
    }
  }, [remember, mode, partnerId, secret, keyId]);
}

interface Files {
  readonly loaded?: Loaded;
  readonly example?: RequestExample;
  readonly error?: string;
}

/** The tab's sandbox and the family's files, with the operation's example request, or why they did not load. */
function usePanelFiles(op: string, family: string): Files {
  const [files, setFiles] = useState<Files>({});
  useEffect(() => {
    let live = true;
    loadPanel(family).then(
      (loaded) => {
        if (!live) return;
        const example = loaded.requests[op];
        setFiles(
          example
            ? {loaded, example}
            : {error: `The sandbox files of the ${family} family have no request for ${op}: rebuild the site.`},
        );
      },
      (e: unknown) => live && setFiles({error: e instanceof Error ? e.message : String(e)}),
    );
    return () => {
      live = false;
    };
  }, [op, family]);
  return files;
}

export default function Panel({op, family}: Props): ReactNode {
  const {loaded, example, error} = usePanelFiles(op, family);
  if (error)
    return (
      <p role="alert" className="api-sandbox__fail">
        {error}
      </p>
    );
  if (!loaded || !example)
    return (
      <p role="status">
        <Translate id="tryIt.loading">Loading the sandbox…</Translate>
      </p>
    );
  return <Form key={`${family}/${op}`} op={op} loaded={loaded} example={example} />;
}

interface LoadedProps {
  readonly op: string;
  readonly loaded: Loaded;
  readonly example: RequestExample;
}

/**
 * The draft checked against the contract's schema on every edit, with the engine's own validators:
 * each error under its input, the others in one list. Checked as the reader types, not on Send, so
 * the message is there while the value is in view.
 */
function useChecks(op: string, {model, validators}: Loaded, state: PanelState): PlacedErrors {
  const found = model.operations.find((o) => o.id === op);
  const errors = useMemo(
    () => (found ? draftErrors(found, validators, state.draft) : []),
    [found, validators, state.draft],
  );
  return placeErrors(errors, inputsOnScreen(state));
}

function Form({op, loaded, example}: LoadedProps): ReactNode {
  const id = useId();
  const [state, dispatch] = useReducer(panelReducer, undefined, (): PanelState => {
    const model = loaded.model.operations.find((o) => o.id === op);
    return initialPanelState({
      example,
      testPartnerId: loaded.index.credentials.partnerId,
      choices: model ? orderedChoices(scenarioChoices(model), catalogue) : [],
      remembered: readRemembered(),
      ...(model?.signature ? {signature: model.signature} : {}),
    });
  });
  useRememberedKey(state);
  const checks = useChecks(op, loaded, state);
  const problemsId = `${id}-problems`;
  const form: FormProps = {id, state, dispatch};
  return (
    <SandboxBox title={translate({id: 'tryIt.title', message: 'Try it'})}>
      <ModeChoice {...form} />
      {state.mode === 'real' && <KeyFields {...form} transition={loaded.settings.tokenTransition} />}
      {state.signature && <SigningKeyFields {...form} testKeyId={loaded.index.credentials.signingKey?.keyId} />}
      <ScenarioPicker {...form} />
      <ParamInputs {...form} where="pathParams" checks={checks} />
      <ParamInputs {...form} where="query" checks={checks} />
      <HeaderInputs {...form} checks={checks} />
      <BodyEditor {...form} checks={checks} problemsId={problemsId} />
      <DraftProblems id={problemsId} checks={checks} />
      <Actions
        {...form}
        describedBy={hasErrors(checks) ? problemsId : undefined}
        onSend={() => void send(state, loaded, dispatch)}
      />
      {state.problem && (
        <p role="alert" className="api-sandbox__fail">
          {state.problem}
        </p>
      )}
      <AnswerView
        answer={state.answer}
        webhooks={state.webhooks}
        newReference={hasReferenceId(state.draft) && <NewReference {...form} after />}
      />
      <CurlView sent={state.sent} local={state.mode === 'page'} />
    </SandboxBox>
  );
}

const hasErrors = (checks: PlacedErrors): boolean => checks.rest.length > 0 || Object.keys(checks.byInput).length > 0;

/**
 * The errors no input shows, and what sending now does. Send stays possible on purpose: code 10 with
 * its `data.errors` is an answer a reader may want to see (to test their own handling of it), and the
 * panel's check is the sandbox's own, so the answer lists the same fields.
 */
function DraftProblems({id, checks}: {readonly id: string; readonly checks: PlacedErrors}): ReactNode {
  if (!hasErrors(checks)) return null;
  return (
    <div id={id} className="api-sandbox__problems">
      {checks.rest.length > 0 && (
        <ul>
          {checks.rest.map((e) => (
            <li key={`${e.field} ${e.rule}`}>
              <code>{e.field}</code> {e.rule}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Translate id="tryIt.sendAnyway">
          As it is, the sandbox answers this request with code 10 VALIDATION_ERROR and lists the fields marked: send it
          to see that answer, or fix them first.
        </Translate>
      </p>
    </div>
  );
}

interface ActionsProps extends FormProps {
  readonly onSend: () => void;
  /** The id of what sending now will do (DraftProblems), while the draft has errors. */
  readonly describedBy?: string;
}

function Actions({state: {busy, sent, copied}, dispatch, onSend, describedBy}: ActionsProps): ReactNode {
  const copy = (): void => {
    if (sent) void navigator.clipboard.writeText(curlCommand(sent)).then(() => dispatch({type: 'copied'}));
  };
  return (
    <div className="api-sandbox__actions">
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        onClick={onSend}
        aria-describedby={describedBy}>
        <Translate id="tryIt.send">Send</Translate>
      </button>
      <button type="button" className="button button--secondary" onClick={() => dispatch({type: 'reset'})}>
        <Translate id="tryIt.reset">Reset the example</Translate>
      </button>
      <button type="button" className="button button--secondary" disabled={!sent} onClick={copy}>
        {copied ? <Translate id="tryIt.copied">Copied</Translate> : <Translate id="tryIt.copy">Copy as cURL</Translate>}
      </button>
    </div>
  );
}
