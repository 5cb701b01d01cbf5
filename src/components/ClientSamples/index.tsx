import {lazy, type ReactNode} from 'react';
import KeptCodeSamples from '@site/src/components/KeptCodeSamples';

/**
 * The client wrapper in every sample language (files under samples/client/, run against the sandbox
 * by the tests): shown once, on /HeaderMarkdown, called by every operation's request sample. Its code
 * is kept out of the page's first-visit JavaScript (KeptCodeSamples).
 */
const Code = lazy(() => import('./Code'));

export default function ClientSamples(): ReactNode {
  return <KeptCodeSamples code={Code} />;
}
