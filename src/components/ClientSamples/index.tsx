import type {ReactNode} from 'react';
import samples from '@generated/api-contract/default/client-samples.json';
import CodeSamples from '@site/src/components/CodeSamples';

/**
 * The client wrapper in every sample language (files under samples/client/, run against the
 * sandbox by the tests): shown once here, called by every operation's request sample.
 */
export default function ClientSamples(): ReactNode {
  return <CodeSamples samples={samples} />;
}
