/**
 * The Try it panel, loaded on first use (./index.tsx). Sends the operation's request to the sandbox
 * engine running in this page (the documented test credentials, no key, works offline), or to the
 * real sandbox with the reader's own JWT secret. The request building, the cURL command and the key
 * check are pure (core/sandbox/try-it.ts); this file holds the state and the form.
 *
 * The reader's secret stays in this component's state (memory) unless they tick "remember for this
 * tab", which keeps it in sessionStorage until the tab closes. A production-looking key is refused
 * before anything is signed.
 */
import {useEffect, useId, useState, type ReactNode} from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import {site} from '@site/site.config';
import {signToken} from '#core/sandbox/crypto';
import {signDelivery} from '#core/sandbox/signature';
import type {SandboxResponse} from '#core/sandbox/engine';
import {
  applyChoice,
  bodyFields,
  buildRequest,
  curlCommand,
  initialDraft,
  keyProblem,
  mockBaseUrl,
  setBodyField,
  testValueChoices,
  type Draft,
  type SentRequest,
} from '#core/sandbox/try-it';
import {loadPanel, type Loaded} from './load';
import Heading from '@theme/Heading';
import SandboxBox, {SandboxField} from '@site/src/components/TryIt/Box';

interface Props {
  readonly op: string;
  readonly family: string;
}

interface Answer {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

interface ShownWebhook {
  readonly webhook: string;
  readonly after: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

const REMEMBER_KEY = 'rupeerail.tryIt.key';

/** The body as text to read: indented when it is JSON, as it came otherwise. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

const headerLines = (headers: Readonly<Record<string, string>>): string =>
  Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');

const reqId = (): string => `tryit-${crypto.randomUUID()}`;

function readRemembered(): {partnerId: string; secret: string} | undefined {
  try {
    const raw = sessionStorage.getItem(REMEMBER_KEY);
    return raw ? (JSON.parse(raw) as {partnerId: string; secret: string}) : undefined;
  } catch {
    return undefined;
  }
}

export default function Panel({op, family}: Props): ReactNode {
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded>();
  const [loadError, setLoadError] = useState<string>();
  const [draft, setDraft] = useState<Draft>();
  const [choice, setChoice] = useState('');
  const [view, setView] = useState<'fields' | 'json'>('fields');
  const [mode, setMode] = useState<'page' | 'real'>('page');
  const [remembered] = useState(readRemembered);
  const [partnerId, setPartnerId] = useState(remembered?.partnerId ?? '');
  const [secret, setSecret] = useState(remembered?.secret ?? '');
  const [remember, setRemember] = useState(remembered !== undefined);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<SentRequest>();
  const [answer, setAnswer] = useState<Answer>();
  const [webhooks, setWebhooks] = useState<readonly ShownWebhook[]>([]);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    let live = true;
    loadPanel(family).then(
      (l) => {
        if (!live) return;
        const example = l.requests[op];
        if (!example) {
          setLoadError(`The sandbox files of the ${family} family have no request for ${op}: rebuild the site.`);
          return;
        }
        setLoaded(l);
        setDraft(initialDraft(example, l.index.credentials.partnerId));
      },
      (e: unknown) => live && setLoadError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [op, family]);

  useEffect(() => {
    // Remembered for the tab only when the reader asked; forgotten at once when they untick it.
    try {
      if (remember && mode === 'real') sessionStorage.setItem(REMEMBER_KEY, JSON.stringify({partnerId, secret}));
      else if (!remember) sessionStorage.removeItem(REMEMBER_KEY);
    } catch {
      // Storage can be disabled; the key then lives in memory only, as by default.
    }
  }, [remember, mode, partnerId, secret]);

  const model = loaded?.model.operations.find((o) => o.id === op);
  const example = loaded?.requests[op];
  const choices = model ? testValueChoices(model) : [];
  const fields = (() => {
    if (draft?.body === undefined) return undefined;
    try {
      return bodyFields(draft.body);
    } catch {
      // Not JSON while the reader edits it: the fields view waits until it is again.
      return undefined;
    }
  })();

  if (loadError)
    return (
      <p role="alert" className="api-sandbox__fail">
        {loadError}
      </p>
    );
  if (!loaded || !draft || !example)
    return (
      <p role="status">
        <Translate id="tryIt.loading">Loading the sandbox…</Translate>
      </p>
    );
  const {index, sandbox} = loaded;

  const pick = (key: string): void => {
    setChoice(key);
    const picked = choices.find((c) => c.key === key);
    if (!picked) return;
    try {
      setDraft(applyChoice(draft, picked, example, index.credentials.partnerId));
      setProblem(undefined);
    } catch (e) {
      setProblem((e as Error).message);
    }
  };

  const reset = (): void => {
    setChoice('');
    setProblem(undefined);
    setDraft(initialDraft(example, index.credentials.partnerId));
  };

  async function send(): Promise<void> {
    if (!draft || !example) return;
    setProblem(undefined);
    setCopied(false);
    if (mode === 'real') {
      const refused = keyProblem(secret);
      if (refused) return setProblem(refused);
      if (!partnerId.trim()) return setProblem('Enter your sandbox partner id (PS and six digits).');
    }
    setBusy(true);
    try {
      const now = Math.floor(Date.now() / 1000);
      const token = await signToken(
        {partnerId: mode === 'real' ? partnerId.trim() : draft.partnerId, iat: now, reqId: reqId()},
        mode === 'real' ? secret.trim() : index.credentials.jwtSecret,
      );
      const base = mode === 'real' ? site.environments.sandbox.baseUrl : mockBaseUrl(index.basePath);
      const request = buildRequest(base, example, draft, token);
      setSent(request);
      if (mode === 'real') {
        const res = await fetch(request.url, {method: request.method, headers: request.headers, body: request.body});
        const headers: Record<string, string> = {};
        res.headers.forEach((value, name) => {
          headers[name] = value;
        });
        setAnswer({status: res.status, statusText: res.statusText, headers, body: await res.text()});
        setWebhooks([]);
      } else {
        const before = new Set(sandbox.pendingWebhooks().map((w) => w.id));
        const res: SandboxResponse = await sandbox.send(request);
        setAnswer({status: res.status, statusText: '', headers: res.headers, body: res.body});
        const sentAt = Date.now();
        const queued = sandbox.pendingWebhooks().filter((w) => !before.has(w.id));
        setWebhooks(
          await Promise.all(
            queued.map(async (w) => ({
              webhook: w.webhook,
              after: Math.round((w.dueAt - sentAt) / 1000),
              // Signed as the engine signs it when it falls due: at its due time, with the test secret.
              headers: await signDelivery(index.credentials.webhookSecret, w.id, w.dueAt / 1000, w.body),
              body: w.body,
            })),
          ),
        );
      }
    } catch (e) {
      setAnswer(undefined);
      setWebhooks([]);
      setProblem(
        mode === 'real'
          ? `The real sandbox did not answer (${(e as Error).message}): check your network, or use the sandbox in this page.`
          : (e as Error).message,
      );
    } finally {
      setBusy(false);
    }
  }

  const copy = (): void => {
    if (!sent) return;
    void navigator.clipboard.writeText(curlCommand(sent)).then(() => setCopied(true));
  };

  const paramInputs = (where: 'pathParams' | 'query'): ReactNode =>
    Object.keys(example[where]).map((name) => (
      <SandboxField key={`${where}-${name}`} htmlFor={`${id}-${where}-${name}`} label={<code>{name}</code>}>
        <input
          id={`${id}-${where}-${name}`}
          value={draft[where][name] ?? ''}
          onChange={(e) => setDraft({...draft, [where]: {...draft[where], [name]: e.target.value}})}
        />
      </SandboxField>
    ));

  const responseCode = (() => {
    try {
      return (JSON.parse(answer?.body ?? '') as {response_code?: unknown}).response_code;
    } catch {
      return undefined;
    }
  })();

  return (
    <SandboxBox title={translate({id: 'tryIt.title', message: 'Try it'})}>
      <fieldset className="api-sandbox__group">
        <legend>
          <Translate id="tryIt.mode">Send to</Translate>
        </legend>
        <label className="api-sandbox__choice">
          <input type="radio" name={`${id}-mode`} checked={mode === 'page'} onChange={() => setMode('page')} />{' '}
          <Translate id="tryIt.mode.page">The sandbox in this page (no key, offline)</Translate>
        </label>
        <label className="api-sandbox__choice">
          <input type="radio" name={`${id}-mode`} checked={mode === 'real'} onChange={() => setMode('real')} />{' '}
          <Translate id="tryIt.mode.real">The real sandbox, with your key</Translate>
        </label>
      </fieldset>

      {mode === 'real' && (
        <fieldset className="api-sandbox__group">
          <legend>
            <Translate id="tryIt.key">Your sandbox key</Translate>
          </legend>
          <SandboxField htmlFor={`${id}-partner`} label={<Translate id="tryIt.partnerId">Partner id</Translate>}>
            <input
              id={`${id}-partner`}
              value={partnerId}
              autoComplete="off"
              onChange={(e) => setPartnerId(e.target.value)}
            />
          </SandboxField>
          <SandboxField
            htmlFor={`${id}-secret`}
            label={<Translate id="tryIt.secret">JWT secret (jwt_test_…)</Translate>}>
            <input
              id={`${id}-secret`}
              type="password"
              value={secret}
              autoComplete="off"
              onChange={(e) => setSecret(e.target.value)}
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
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />{' '}
            <Translate id="tryIt.remember">Remember it in this tab until I close it</Translate>
          </label>
        </fieldset>
      )}

      {choices.length > 1 && (
        <SandboxField htmlFor={`${id}-choice`} label={<Translate id="tryIt.testValue">Test value</Translate>}>
          <select id={`${id}-choice`} value={choice} onChange={(e) => pick(e.target.value)}>
            <option value="">{translate({id: 'tryIt.testValue.example', message: 'The example request'})}</option>
            {choices.map((c) => (
              <option key={c.key} value={c.key}>
                {c.code} · {c.label}
              </option>
            ))}
          </select>
        </SandboxField>
      )}

      {paramInputs('pathParams')}
      {paramInputs('query')}

      {draft.body !== undefined && (
        <fieldset className="api-sandbox__group">
          <legend>
            <Translate id="tryIt.body">Request body</Translate>
          </legend>
          <div className="api-sandbox__views">
            <label className="api-sandbox__choice">
              <input
                type="radio"
                name={`${id}-view`}
                checked={view === 'fields'}
                disabled={!fields}
                onChange={() => setView('fields')}
              />{' '}
              <Translate id="tryIt.view.fields">Fields</Translate>
            </label>
            <label className="api-sandbox__choice">
              <input type="radio" name={`${id}-view`} checked={view === 'json'} onChange={() => setView('json')} />{' '}
              <Translate id="tryIt.view.json">Raw JSON</Translate>
            </label>
          </div>
          {view === 'fields' && fields ? (
            fields.map((f) => (
              <SandboxField key={f.path} htmlFor={`${id}-f-${f.path}`} label={<code>{f.path}</code>}>
                <input
                  id={`${id}-f-${f.path}`}
                  value={f.value}
                  inputMode={f.type === 'number' ? 'decimal' : undefined}
                  onChange={(e) => setDraft({...draft, body: setBodyField(draft.body ?? '{}', f.path, e.target.value)})}
                />
              </SandboxField>
            ))
          ) : (
            <SandboxField htmlFor={`${id}-json`} label={<Translate id="tryIt.json">JSON</Translate>}>
              <textarea
                id={`${id}-json`}
                spellCheck={false}
                rows={Math.min(16, draft.body.split('\n').length + 1)}
                value={draft.body}
                onChange={(e) => setDraft({...draft, body: e.target.value})}
              />
            </SandboxField>
          )}
        </fieldset>
      )}

      <div className="api-sandbox__actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void send()}>
          <Translate id="tryIt.send">Send</Translate>
        </button>
        <button type="button" className="button button--secondary" onClick={reset}>
          <Translate id="tryIt.reset">Reset the example</Translate>
        </button>
        <button type="button" className="button button--secondary" disabled={!sent} onClick={copy}>
          {copied ? (
            <Translate id="tryIt.copied">Copied</Translate>
          ) : (
            <Translate id="tryIt.copy">Copy as cURL</Translate>
          )}
        </button>
      </div>

      {problem && (
        <p role="alert" className="api-sandbox__fail">
          {problem}
        </p>
      )}

      <div aria-live="polite">
        {answer && (
          <>
            <p className="api-sandbox__status" data-status={answer.status}>
              <Translate
                id="tryIt.answer"
                values={{status: answer.status, code: typeof responseCode === 'number' ? String(responseCode) : '-'}}>
                {'HTTP {status}, response_code {code}'}
              </Translate>
            </p>
            <Heading as="h4" className="api-sandbox__sub">
              <Translate id="tryIt.headers">Response headers</Translate>
            </Heading>
            <pre className="api-sandbox__code">{headerLines(answer.headers)}</pre>
            <Heading as="h4" className="api-sandbox__sub">
              <Translate id="tryIt.responseBody">Response body</Translate>
            </Heading>
            <pre className="api-sandbox__code" tabIndex={0}>
              {pretty(answer.body)}
            </pre>
            {webhooks.length > 0 && (
              <>
                <Heading as="h4" className="api-sandbox__sub">
                  <Translate id="tryIt.webhooks" values={{count: webhooks.length}}>
                    {'Webhooks that follow ({count})'}
                  </Translate>
                </Heading>
                {webhooks.map((w) => (
                  <div key={w.headers['X-Webhook-Id']} className="api-sandbox__webhook">
                    <p>
                      <Translate
                        id="tryIt.webhook"
                        values={{name: <code>{w.webhook}</code>, after: w.after, url: <code>POST</code>}}>
                        {'{url} {name}, {after} s after the answer, signed with the test webhook secret:'}
                      </Translate>
                    </p>
                    <pre className="api-sandbox__code">{headerLines(w.headers)}</pre>
                    <pre className="api-sandbox__code" tabIndex={0}>
                      {pretty(w.body)}
                    </pre>
                  </div>
                ))}
              </>
            )}
          </>
        )}
      </div>
      {sent && (
        <details className="api-sandbox__curl">
          <summary>
            <Translate id="tryIt.curl">The request as cURL</Translate>
          </summary>
          <pre className="api-sandbox__code" tabIndex={0}>
            {curlCommand(sent)}
          </pre>
        </details>
      )}
    </SandboxBox>
  );
}
