import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import ChangeBadge from '@site/src/components/ChangeBadge';
import CodeSamples from '@site/src/components/CodeSamples';
import StaticCode from '@site/src/components/StaticCode';
import InlineText from '@site/src/components/InlineText';
import MethodBadge from '@site/src/components/MethodBadge';
import ParamTable from '@site/src/components/ParamTable';
import RetryLabel from '@site/src/components/RetryLabel';
import {statusLabel} from '@site/src/lib/http';
import type {
  BodyView,
  OperationView as SourceOperationView,
  Rendered,
  RenderedExample,
  ResponseView as SourceResponseView,
} from '@site/src/lib/contract/types';
import styles from './styles.module.css';

type OperationView = Rendered<SourceOperationView>;
type ResponseView = Rendered<SourceResponseView>;

export type EndpointSection =
  'overview' | 'request' | 'samples' | 'responses-intro' | 'responses' | 'codes' | 'related';

interface Props {
  readonly data: OperationView;
  /** Set by the remark plugin, which puts a Markdown heading before each section. Omitted: the whole block. */
  readonly section?: EndpointSection;
  /** For `responses`: the status to show. */
  readonly item?: string;
}

export function Examples({
  examples,
  title,
}: {
  readonly examples: readonly RenderedExample[];
  readonly title: string;
}): ReactNode {
  return examples.map((ex) => (
    <div key={ex.name} className="api-json-example">
      <StaticCode html={ex.html} language="json" title={ex.summary ? `${title}: ${ex.summary}` : title} />
    </div>
  ));
}

/** A JSON body: its field table, then its examples. Request bodies here, webhook payloads in WebhookEvent. */
export function BodyFields({
  body,
  caption,
  exampleTitle,
}: {
  readonly body: Rendered<BodyView>;
  readonly caption: string;
  readonly exampleTitle: string;
}): ReactNode {
  return (
    <>
      <ParamTable rows={body.rows} caption={caption} />
      <Examples examples={body.examples} title={exampleTitle} />
    </>
  );
}

function Overview({data}: {readonly data: OperationView}): ReactNode {
  return (
    <div className={styles.overview}>
      <p className={styles.requestLine}>
        <MethodBadge method={data.method} /> <code className={styles.path}>{data.path}</code>
        {data.change && <ChangeBadge badge={data.change} />}
      </p>
      <p>
        <InlineText text={data.description} />
      </p>
      <table className={styles.servers}>
        <caption className="sr-only">
          {translate({id: 'api.endpoint.servers', message: 'Full URL per environment'})}
        </caption>
        <tbody>
          {data.servers.map((s) => (
            <tr key={s.url}>
              <th scope="row">{s.label}</th>
              <td>
                <code>
                  {data.method} {s.url}
                  {data.path}
                </code>
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">
              <Translate id="api.endpoint.auth">Authentication</Translate>
            </th>
            <td>
              <Link to="/HeaderMarkdown">{data.auth}</Link>
            </td>
          </tr>
          {/* One sentence per family, on every page of it: searched on /ResponseCode, where the table is. */}
          <tr data-search-ignore>
            <th scope="row">
              <Translate id="api.endpoint.rateLimit">Rate limit</Translate>
            </th>
            <td>
              <Link to="/ResponseCode#rate-limits">{data.rateLimits.text}</Link>
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function Request({data}: {readonly data: OperationView}): ReactNode {
  return (
    <>
      {/* The same headers on every endpoint: searched on /HeaderMarkdown, not on 65 pages. */}
      <ParamTable
        rows={data.headers}
        caption={translate({id: 'api.request.headers', message: 'Headers'})}
        searchIgnore
      />
      {data.pathParams.length > 0 && (
        <ParamTable rows={data.pathParams} caption={translate({id: 'api.request.path', message: 'Path parameters'})} />
      )}
      {data.queryParams.length > 0 && (
        <ParamTable
          rows={data.queryParams}
          caption={translate({id: 'api.request.query', message: 'Query parameters'})}
        />
      )}
      {data.body ? (
        <BodyFields
          body={data.body}
          caption={translate({id: 'api.request.body', message: 'Body fields (JSON)'})}
          exampleTitle={translate({id: 'api.request.example', message: 'Request body'})}
        />
      ) : (
        data.pathParams.length + data.queryParams.length === 0 && (
          <p>
            <Translate id="api.request.none">This call takes no parameters beyond the headers.</Translate>
          </p>
        )
      )}
    </>
  );
}

function Response({res}: {readonly res: ResponseView}): ReactNode {
  // Error responses share one envelope (and the 429 its Retry-After header) across the API: their
  // field and header tables would put the same words into the search index once per endpoint (see
  // ignoreCssSelectors).
  const shared = !res.status.startsWith('2');
  return (
    <>
      <p>
        <InlineText text={res.description} />
      </p>
      {res.headers.length > 0 && (
        <ParamTable
          rows={res.headers}
          caption={translate({id: 'api.response.headers', message: 'Response headers'})}
          searchIgnore={shared}
        />
      )}
      {res.rows.length > 0 && (
        <details className={styles.fields} data-search-ignore={shared || undefined}>
          <summary>
            <Translate id="api.response.fields" values={{count: res.rows.length}}>
              {'Response fields ({count})'}
            </Translate>
          </summary>
          <ParamTable
            rows={res.rows}
            caption={translate({id: 'api.response.fieldsCaption', message: 'Response body fields'}, {})}
          />
        </details>
      )}
      <Examples examples={res.examples} title={statusLabel(res.status)} />
    </>
  );
}

function Codes({data}: {readonly data: OperationView}): ReactNode {
  // Rows of the /ResponseCode catalogue: searched there, not once per endpoint.
  return (
    <div className={styles.tableWrap} data-search-ignore>
      <table>
        <thead>
          <tr>
            <th scope="col">
              <Translate id="api.codes.code">response_code</Translate>
            </th>
            <th scope="col">
              <Translate id="api.codes.meaning">Meaning</Translate>
            </th>
            <th scope="col">
              <Translate id="api.codes.retry">Retry</Translate>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.responseCodes.map((c) => (
            <tr key={c.code}>
              <td>
                <Link to={`/ResponseCode#code-${c.code}`}>
                  <code>{c.code}</code> {c.name}
                </Link>
              </td>
              <td>
                <InlineText text={c.meaning} />
              </td>
              <td>
                <RetryLabel retry={c.retry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Related({data}: {readonly data: OperationView}): ReactNode {
  return (
    <ul>
      {data.related.map((r) => (
        <li key={r.id}>
          <Link to={r.href}>{r.label}</Link>
          {r.kind === 'webhook' && (
            <>
              {' '}
              <Translate id="api.related.webhook">(webhook)</Translate>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The reference block of one operation. Its data is the operation's generated
 * JSON (see plugins/api-contract); the remark plugin passes it and splits the
 * block into sections under real headings.
 */
export default function Endpoint({data, section, item}: Props): ReactNode {
  switch (section) {
    case 'overview':
      return <Overview data={data} />;
    case 'request':
      return <Request data={data} />;
    case 'samples':
      return (
        <>
          <p>
            <Translate id="api.samples.intro">
              Generated from the contract for the sandbox. Replace YOUR_JWT with a token signed as described on the
              headers page.
            </Translate>
          </p>
          <CodeSamples samples={data.samples} />
        </>
      );
    case 'responses-intro':
      return (
        <p>
          <Translate id="api.responses.intro">
            Every response uses the same envelope. Branch on response_code, not on the HTTP status alone.
          </Translate>
        </p>
      );
    case 'responses': {
      const res = data.responses.find((r) => r.status === item);
      return res ? <Response res={res} /> : null;
    }
    case 'codes':
      return <Codes data={data} />;
    case 'related':
      return <Related data={data} />;
    default:
      return (
        <>
          <Overview data={data} />
          <Request data={data} />
          <CodeSamples samples={data.samples} />
          {data.responses.map((r) => (
            <Response key={r.status} res={r} />
          ))}
          <Codes data={data} />
        </>
      );
  }
}
