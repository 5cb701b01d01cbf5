/**
 * The answer half of the Try it panel (./Panel.tsx): the status, headers and body that came back,
 * the webhooks the in-page sandbox queued, and the request sent as a cURL command.
 */
import {useMemo, useState, type ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import Heading from '@theme/Heading';
import catalogue from '@generated/api-contract/default/response-codes.json';
import {jsonOrTextHtml} from '#core/code/json-html';
import {curlCommand, headerLines, type SentRequest} from '#core/sandbox/try-it';
import {pretty, statusLine, type Answer, type ShownWebhook} from '#core/sandbox/try-it-panel';

function Webhooks({webhooks}: {readonly webhooks: readonly ShownWebhook[]}): ReactNode {
  if (!webhooks.length) return null;
  return (
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
  );
}

interface AnswerProps {
  readonly answer?: Answer;
  readonly webhooks: readonly ShownWebhook[];
  /** Shown after an answer when the body has a `referenceid`: the next send is a new transaction. */
  readonly newReference?: ReactNode;
}

/**
 * The answer's body, indented and highlighted, with a button that copies it. The token spans are the
 * ones the build's Prism gives JSON (core/code/json-html.ts), made in the same render as the answer,
 * so the text never shows plain first and then changes; their colours are the site's code themes
 * (`rr-code`, core/code/prism-themes.ts), at WCAG AA in both colour modes.
 */
function ResponseBody({body}: {readonly body: string}): ReactNode {
  const [copied, setCopied] = useState(false);
  const text = pretty(body);
  // One object per text: React would otherwise set innerHTML again on each render, losing a selection.
  const html = useMemo(() => ({__html: jsonOrTextHtml(text)}), [text]);
  return (
    <div className="api-sandbox__body">
      <button
        type="button"
        className="button button--sm button--secondary api-sandbox__copy"
        onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true))}>
        {copied ? (
          <Translate id="tryIt.bodyCopied">Copied</Translate>
        ) : (
          <Translate id="tryIt.copyBody">Copy the body</Translate>
        )}
      </button>
      <pre className="api-sandbox__code api-sandbox__json rr-code language-json" tabIndex={0}>
        <code dangerouslySetInnerHTML={html} />
      </pre>
    </div>
  );
}

/** `HTTP 200 · response_code 2 PENDING`, coloured by its tone (success, pending, failure). */
function Status({answer}: {readonly answer: Answer}): ReactNode {
  const line = statusLine(answer, catalogue);
  return (
    <p className="api-sandbox__status" data-status={answer.status} data-tone={line.tone}>
      <Translate id="tryIt.answer" values={{status: answer.status, code: line.code, name: line.name}}>
        {'HTTP {status}, response_code {code} {name}'}
      </Translate>
    </p>
  );
}

/** What came back, in a live region so a screen reader hears the status when it arrives. */
export function AnswerView({answer, webhooks, newReference}: AnswerProps): ReactNode {
  return (
    <div aria-live="polite">
      {answer && (
        <>
          <Status answer={answer} />
          {newReference}
          <Heading as="h4" className="api-sandbox__sub">
            <Translate id="tryIt.headers">Response headers</Translate>
          </Heading>
          <pre className="api-sandbox__code">{headerLines(answer.headers)}</pre>
          <Heading as="h4" className="api-sandbox__sub">
            <Translate id="tryIt.responseBody">Response body</Translate>
          </Heading>
          <ResponseBody body={answer.body} />
          <Webhooks webhooks={webhooks} />
        </>
      )}
    </div>
  );
}

/** The request last sent, as a cURL command that sends the same bytes. */
/** A command, not words to translate. */
const SANDBOX_COMMAND = 'npm run sandbox';

export function CurlView({sent, local}: {readonly sent?: SentRequest; readonly local: boolean}): ReactNode {
  if (!sent) return null;
  return (
    <details className="api-sandbox__curl">
      <summary>
        <Translate id="tryIt.curl">The request as cURL</Translate>
      </summary>
      {/* The page's own sandbox has no address: the command goes to the one a reader runs (issue 34). */}
      {local && (
        <p className="api-sandbox__note">
          <Translate id="tryIt.curl.local" values={{command: <code>{SANDBOX_COMMAND}</code>}}>
            {
              'This command calls the sandbox on your own machine, which {command} starts from the docs repository, with a token of the public test secret: it works once, within five minutes. For the hosted sandbox, switch to it above and use your own keys.'
            }
          </Translate>
        </p>
      )}
      <pre className="api-sandbox__code" tabIndex={0}>
        {curlCommand(sent)}
      </pre>
    </details>
  );
}
