import {useEffect, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import Translate, {translate} from '@docusaurus/Translate';
import {useHistory} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';

/** `/docs` lands on the intro: meta refresh for the static HTML, history.replace once hydrated. */
export default function DocsRootRedirect(): ReactNode {
  const target = useBaseUrl('/docs/v1/');
  const history = useHistory();
  // The meta refresh is for the static HTML only (plain hosts, JavaScript off). Once React runs,
  // history.replace does the job; a refresh left in the head would reload the page a second time.
  const isBrowser = useIsBrowser();
  useEffect(() => {
    history.replace(target);
  }, [history, target]);
  return (
    <Layout
      title={translate({id: 'docsRoot.title', message: 'Documentation'})}
      description="Redirects to the getting-started guide.">
      <Head>
        {!isBrowser && <meta httpEquiv="refresh" content={`0; url=${target}`} />}
        <link rel="canonical" href={target} />
      </Head>
      <main className="container margin-vert--xl">
        <Heading as="h1">
          <Translate id="docsRoot.heading">Documentation</Translate>
        </Heading>
        <p>
          <Link to="/docs/v1/">
            <Translate id="docsRoot.link">Continue to the getting-started guide</Translate>
          </Link>
        </p>
      </main>
    </Layout>
  );
}
