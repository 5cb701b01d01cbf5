/**
 * The webhook lab, loaded on first use (./index.tsx). It starts with a delivery of the page's event
 * signed here and now with the sandbox's test webhook secret, so it verifies; the reader then pastes
 * their own body, headers and secret. The check is the one the sandbox signs with
 * and the MCP server's verify_webhook_signature use (core/sandbox/signature.ts), run with Web
 * Crypto: the secret never leaves the page.
 */
import {useEffect, useId, useReducer, useState, type ChangeEvent, type Dispatch, type ReactNode} from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import {webhookId} from '#core/sandbox/engine';
import {signDelivery} from '#core/sandbox/signature';
import {headerLines} from '#core/sandbox/try-it';
import {
  EMPTY_LAB,
  checkDelivery,
  firstEvent,
  labReducer,
  outcome,
  signedHeaders,
  type LabAction,
  type LabField,
  type LabState,
  type Outcome,
} from '#core/sandbox/try-it-webhook-lab';
import {loadIndex, loadWebhookExamples} from '@site/src/components/TryIt/load';
import SandboxBox, {SandboxField} from '@site/src/components/TryIt/Box';

interface Props {
  readonly event?: string;
}

interface Examples {
  /** The sandbox's test webhook secret, which signs the examples. */
  readonly secret: string;
  readonly examples: Readonly<Record<string, string>>;
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Each outcome's headline, in the site's words; the detail under it comes from the check. */
function headline(reason: Outcome): string {
  switch (reason) {
    case 'ok':
      return translate({id: 'webhookLab.ok', message: 'Verified'});
    case 'missing-header':
      return translate({id: 'webhookLab.missing', message: 'Not verified: a header is missing'});
    case 'malformed-header':
      return translate({id: 'webhookLab.malformed', message: 'Not verified: a header is malformed'});
    case 'body-changed':
      return translate({id: 'webhookLab.reserialised', message: 'Not verified: the body was re-serialised'});
    case 'wrong-secret':
      return translate({id: 'webhookLab.wrongSecret', message: 'Not verified: signed with another secret'});
    case 'signature-mismatch':
      return translate({id: 'webhookLab.mismatch', message: 'Not verified: wrong secret, or a changed body'});
    case 'timestamp-outside-window':
      return translate({id: 'webhookLab.timestamp', message: 'Not verified: the timestamp is outside the window'});
    case 'no-secret':
      return translate({id: 'webhookLab.noSecret', message: 'Enter the secret'});
    case 'timestamp-changed':
      return translate({id: 'webhookLab.timestampChanged', message: 'Not verified: X-Webhook-Timestamp was changed'});
    case 'id-changed':
      return translate({id: 'webhookLab.idChanged', message: 'Not verified: X-Webhook-Id was changed'});
  }
}

/** Fills the form with an event's example, signed here and now with the test secret, so it verifies. */
async function prefill(dispatch: Dispatch<LabAction>, {secret, examples}: Examples, name: string): Promise<void> {
  const body = examples[name] ?? '';
  const now = nowSeconds();
  const headers = await signDelivery(secret, webhookId(now * 1000, 1), now, body);
  dispatch({
    type: 'prefilled',
    chosen: name,
    body,
    secret,
    headers: headerLines(headers),
    clock: String(now),
    signed: signedHeaders(headers),
  });
}

/** The examples and the test secret, loaded when the lab opens, and the form filled with the page's event. */
function useExamples(event: string | undefined, dispatch: Dispatch<LabAction>): Examples | undefined {
  const [loaded, setLoaded] = useState<Examples>();
  useEffect(() => {
    let live = true;
    void Promise.all([loadIndex(), loadWebhookExamples()]).then(async ([index, examples]) => {
      if (!live) return;
      const ex = {secret: index.credentials.webhookSecret, examples};
      setLoaded(ex);
      await prefill(dispatch, ex, firstEvent(examples, event));
    });
    return () => {
      live = false;
    };
  }, [event, dispatch]);
  return loaded;
}

export default function Lab({event}: Props): ReactNode {
  const id = useId();
  const [state, dispatch] = useReducer(labReducer, EMPTY_LAB);
  const loaded = useExamples(event, dispatch);

  if (!loaded)
    return (
      <p role="status">
        <Translate id="webhookLab.loading">Loading the webhook lab…</Translate>
      </p>
    );

  const verify = async (): Promise<void> =>
    dispatch({type: 'verified', result: await checkDelivery(state, loaded.secret, nowSeconds())});
  const edit =
    (field: LabField) =>
    (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void =>
      dispatch({type: 'edit', field, value: e.target.value});

  return (
    <SandboxBox title={translate({id: 'webhookLab.title', message: 'Webhook lab'})}>
      <p className="api-sandbox__note">
        <Translate id="webhookLab.intro">
          Paste a delivery as it reached your server and check its signature here. The check runs in this page with Web
          Crypto: the secret never leaves it. The example below is signed now with the sandbox test secret, so it
          verifies; change a byte to see why a check fails.
        </Translate>
      </p>
      <div className="api-sandbox__row">
        <SandboxField htmlFor={`${id}-event`} label={<Translate id="webhookLab.event">Example event</Translate>}>
          <select
            id={`${id}-event`}
            value={state.chosen}
            onChange={(e) => void prefill(dispatch, loaded, e.target.value)}>
            {Object.keys(loaded.examples).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </SandboxField>
        <SandboxField
          htmlFor={`${id}-clock`}
          label={<Translate id="webhookLab.clock">Your clock (Unix seconds)</Translate>}>
          <input id={`${id}-clock`} inputMode="numeric" value={state.clock} onChange={edit('clock')} />
        </SandboxField>
      </div>
      <SandboxField htmlFor={`${id}-body`} label={<Translate id="webhookLab.body">Raw body, byte for byte</Translate>}>
        <textarea id={`${id}-body`} rows={5} spellCheck={false} value={state.body} onChange={edit('body')} />
      </SandboxField>
      <SandboxField
        htmlFor={`${id}-headers`}
        label={<Translate id="webhookLab.headers">Headers, one per line (Name: value)</Translate>}>
        <textarea id={`${id}-headers`} rows={5} spellCheck={false} value={state.headers} onChange={edit('headers')} />
      </SandboxField>
      <SandboxField htmlFor={`${id}-secret`} label={<Translate id="webhookLab.secret">Webhook secret</Translate>}>
        <input
          id={`${id}-secret`}
          autoComplete="off"
          spellCheck={false}
          value={state.secret}
          onChange={edit('secret')}
        />
      </SandboxField>
      <div className="api-sandbox__actions">
        <button type="button" className="button button--primary" onClick={() => void verify()}>
          <Translate id="webhookLab.verify">Verify</Translate>
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void prefill(dispatch, loaded, state.chosen)}>
          <Translate id="webhookLab.reset">Sign the example again</Translate>
        </button>
      </div>
      <div aria-live="polite">
        <Verdict state={state} />
      </div>
    </SandboxBox>
  );
}

function Verdict({state: {result}}: {readonly state: LabState}): ReactNode {
  if (!result) return null;
  return (
    <div className={result.valid ? 'api-sandbox__ok' : 'api-sandbox__fail'} data-reason={outcome(result)}>
      <strong>{headline(outcome(result))}</strong>
      <p>{result.message}</p>
    </div>
  );
}
