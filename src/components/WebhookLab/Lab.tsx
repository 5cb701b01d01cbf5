/**
 * The webhook lab, loaded on first use (./index.tsx). It starts with a delivery of the page's event
 * signed here and now with the sandbox's test webhook secret, so it verifies; the reader then pastes
 * their own body, headers and secret. The check is the one the sandbox signs with
 * and the MCP server's verify_webhook_signature use (core/sandbox/signature.ts), run with Web
 * Crypto: the secret never leaves the page.
 */
import {useEffect, useId, useState, type ReactNode} from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import {webhookId} from '#core/sandbox/engine';
import {
  parseHeaderLines,
  signDelivery,
  verifyWebhookSignature,
  type SignatureFailure,
  type SignatureVerdict,
} from '#core/sandbox/signature';
import {loadIndex, loadWebhookExamples} from '@site/src/components/TryIt/load';
import SandboxBox, {SandboxField} from '@site/src/components/TryIt/Box';

interface Props {
  readonly event?: string;
}

interface Example {
  readonly secret: string;
  readonly examples: Readonly<Record<string, string>>;
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

type Outcome = 'ok' | SignatureFailure;

const outcome = (verdict: SignatureVerdict): Outcome => (verdict.valid ? 'ok' : verdict.reason);

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
  }
}

async function signedExample(secret: string, body: string): Promise<{headers: string; clock: string}> {
  const now = nowSeconds();
  const headers = await signDelivery(secret, webhookId(now * 1000, 1), now, body);
  return {
    headers: Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
    clock: String(now),
  };
}

export default function Lab({event}: Props): ReactNode {
  const id = useId();
  const [loaded, setLoaded] = useState<Example>();
  const [chosen, setChosen] = useState('');
  const [body, setBody] = useState('');
  const [headers, setHeaders] = useState('');
  const [secret, setSecret] = useState('');
  const [clock, setClock] = useState('');
  const [result, setResult] = useState<SignatureVerdict>();

  const prefill = async (ex: Example, name: string): Promise<void> => {
    const text = ex.examples[name] ?? '';
    const signed = await signedExample(ex.secret, text);
    setChosen(name);
    setBody(text);
    setSecret(ex.secret);
    setHeaders(signed.headers);
    setClock(signed.clock);
    setResult(undefined);
  };

  useEffect(() => {
    let live = true;
    void Promise.all([loadIndex(), loadWebhookExamples()]).then(async ([index, examples]) => {
      if (!live) return;
      const ex = {secret: index.credentials.webhookSecret, examples};
      setLoaded(ex);
      await prefill(ex, event && event in ex.examples ? event : (Object.keys(ex.examples)[0] ?? ''));
    });
    return () => {
      live = false;
    };
    // The example is signed once, when the lab opens; later changes are the reader's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!loaded)
    return (
      <p role="status">
        <Translate id="webhookLab.loading">Loading the webhook lab…</Translate>
      </p>
    );

  const verify = async (): Promise<void> => {
    setResult(
      await verifyWebhookSignature({
        payload: body,
        headers: parseHeaderLines(headers),
        secret,
        nowSeconds: Number(clock) || nowSeconds(),
        // A delivery signed with the test secret and checked with another is named as such.
        otherSecrets: [{name: 'the sandbox test secret', secret: loaded.secret}],
      }),
    );
  };

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
          <select id={`${id}-event`} value={chosen} onChange={(e) => void prefill(loaded, e.target.value)}>
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
          <input id={`${id}-clock`} inputMode="numeric" value={clock} onChange={(e) => setClock(e.target.value)} />
        </SandboxField>
      </div>
      <SandboxField htmlFor={`${id}-body`} label={<Translate id="webhookLab.body">Raw body, byte for byte</Translate>}>
        <textarea
          id={`${id}-body`}
          rows={5}
          spellCheck={false}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      </SandboxField>
      <SandboxField
        htmlFor={`${id}-headers`}
        label={<Translate id="webhookLab.headers">Headers, one per line (Name: value)</Translate>}>
        <textarea
          id={`${id}-headers`}
          rows={5}
          spellCheck={false}
          value={headers}
          onChange={(e) => setHeaders(e.target.value)}
        />
      </SandboxField>
      <SandboxField htmlFor={`${id}-secret`} label={<Translate id="webhookLab.secret">Webhook secret</Translate>}>
        <input
          id={`${id}-secret`}
          autoComplete="off"
          spellCheck={false}
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
        />
      </SandboxField>
      <div className="api-sandbox__actions">
        <button type="button" className="button button--primary" onClick={() => void verify()}>
          <Translate id="webhookLab.verify">Verify</Translate>
        </button>
        <button type="button" className="button button--secondary" onClick={() => void prefill(loaded, chosen)}>
          <Translate id="webhookLab.reset">Sign the example again</Translate>
        </button>
      </div>
      <div aria-live="polite">
        {result && (
          <div className={result.valid ? 'api-sandbox__ok' : 'api-sandbox__fail'} data-reason={outcome(result)}>
            <strong>{headline(outcome(result))}</strong>
            <p>{result.message}</p>
          </div>
        )}
      </div>
    </SandboxBox>
  );
}
