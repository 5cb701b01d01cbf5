import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import ChangeBadge from '@site/src/components/ChangeBadge';
import InlineText from '@site/src/components/InlineText';
import MethodBadge from '@site/src/components/MethodBadge';
import ParamTable from '@site/src/components/ParamTable';
import {BodyFields, Examples} from '@site/src/components/Endpoint';
import type {Rendered, WebhookView} from '@site/src/lib/contract/types';
import {ackRule} from '@site/src/lib/webhook-policy';
import styles from './styles.module.css';

interface Props {
  readonly data: Rendered<WebhookView>;
  readonly section?: string;
}

/**
 * One webhook event: what triggers it, the headers we send, the payload fields
 * and example, and what your endpoint must answer. Signature verification code
 * is shown once per page by <VerifySignature />.
 */
export default function WebhookEvent({data}: Props): ReactNode {
  return (
    <section className={styles.event} aria-label={data.summary}>
      <p className={styles.line}>
        <MethodBadge method={data.method} />
        <span>
          <Translate id="api.webhook.to">to your webhook URL</Translate>
        </span>
        <code>{data.id}</code>
        {data.change && <ChangeBadge badge={data.change} />}
      </p>
      <p>
        <InlineText text={data.description} />
      </p>
      {/* The same signature header on every webhook: searched on the page that explains it. */}
      <ParamTable
        rows={data.headers}
        caption={translate({id: 'api.webhook.headers', message: 'Headers we send'})}
        searchIgnore
      />
      {data.body && (
        <BodyFields
          body={data.body}
          caption={translate({id: 'api.webhook.payload', message: 'Payload fields (JSON)'})}
          exampleTitle={translate({id: 'api.webhook.example', message: 'Example payload'})}
        />
      )}
      <div className={styles.ack}>
        <strong>
          <Translate id="api.webhook.ackTitle">Acknowledge</Translate>
        </strong>
        {/* One sentence for the page and the Markdown twin (src/lib/webhook-policy.ts); the site has one locale. */}
        <p>{ackRule(data.ackTimeoutSeconds)}</p>
        {data.ack && (
          <Examples
            examples={data.ack.examples}
            title={translate({id: 'api.webhook.ackExample', message: 'Your answer'})}
          />
        )}
      </div>
      {data.related.length > 0 && (
        <p>
          <Translate id="api.webhook.related">Related:</Translate>{' '}
          {data.related.map((r, i) => (
            <span key={r.id}>
              {i > 0 && ', '}
              <Link to={r.href}>{r.label}</Link>
            </span>
          ))}
        </p>
      )}
    </section>
  );
}
