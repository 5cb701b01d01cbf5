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
 * before anything is signed.
 */
import {useEffect, useId, useReducer, useState, type ReactNode} from 'react';
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
import {loadPanel, type Loaded} from './load';
import {send} from './send';
import {BodyEditor, KeyFields, ModeChoice, NewReference, ParamInputs, ScenarioPicker, type FormProps} from './Request';
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
function useRememberedKey({remember, mode, partnerId, secret}: PanelState): void {
  useEffect(() => {
    const key = keyToRemember({remember, mode, partnerId, secret});
    try {
      if (key) sessionStorage.setItem(REMEMBER_KEY, JSON.stringify(key));
      else if (key === null) sessionStorage.removeItem(REMEMBER_KEY);
    } catch {
      // Storage can be disabled; the key then lives in memory only, as by default.
    }
  }, [remember, mode, partnerId, secret]);
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

function Form({op, loaded, example}: LoadedProps): ReactNode {
  const id = useId();
  const [state, dispatch] = useReducer(panelReducer, undefined, (): PanelState => {
    const model = loaded.model.operations.find((o) => o.id === op);
    return initialPanelState({
      example,
      testPartnerId: loaded.index.credentials.partnerId,
      choices: model ? orderedChoices(scenarioChoices(model), catalogue) : [],
      remembered: readRemembered(),
    });
  });
  useRememberedKey(state);
  const form: FormProps = {id, state, dispatch};
  return (
    <SandboxBox title={translate({id: 'tryIt.title', message: 'Try it'})}>
      <ModeChoice {...form} />
      {state.mode === 'real' && <KeyFields {...form} />}
      <ScenarioPicker {...form} />
      <ParamInputs {...form} where="pathParams" />
      <ParamInputs {...form} where="query" />
      <BodyEditor {...form} />
      <Actions {...form} onSend={() => void send(state, loaded, dispatch)} />
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
      <CurlView sent={state.sent} />
    </SandboxBox>
  );
}

interface ActionsProps extends FormProps {
  readonly onSend: () => void;
}

function Actions({state: {busy, sent, copied}, dispatch, onSend}: ActionsProps): ReactNode {
  const copy = (): void => {
    if (sent) void navigator.clipboard.writeText(curlCommand(sent)).then(() => dispatch({type: 'copied'}));
  };
  return (
    <div className="api-sandbox__actions">
      <button type="button" className="button button--primary" disabled={busy} onClick={onSend}>
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
