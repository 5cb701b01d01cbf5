/**
 * The answer half of the Try it panel (./Panel.tsx): the status, headers and body that came back,
 * the webhooks the in-page sandbox queued, and the request sent as a cURL command.
 */
import type {ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import Heading from '@theme/Heading';
import {curlCommand, headerLines, type SentRequest} from '#core/sandbox/try-it';
import {pretty, responseCodeText, type Answer, type ShownWebhook} from '#core/sandbox/try-it-panel';

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
}

/** What came back, in a live region so a screen reader hears the status when it arrives. */
export function AnswerView({answer, webhooks}: AnswerProps): ReactNode {
  return (
    <div aria-live="polite">
      {answer && (
        <>
          <p className="api-sandbox__status" data-status={answer.status}>
            <Translate id="tryIt.answer" values={{status: answer.status, code: responseCodeText(answer.body)}}>
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
          <Webhooks webhooks={webhooks} />
        </>
      )}
    </div>
  );
}

/** The request last sent, as a cURL command that sends the same bytes. */
export function CurlView({sent}: {readonly sent?: SentRequest}): ReactNode {
  if (!sent) return null;
  return (
    <details className="api-sandbox__curl">
      <summary>
        <Translate id="tryIt.curl">The request as cURL</Translate>
      </summary>
      <pre className="api-sandbox__code" tabIndex={0}>
        {curlCommand(sent)}
      </pre>
    </details>
  );
}
