import type {ReactNode} from 'react';
import samples from '@generated/api-contract/default/client-samples.json';
import CodeSamples from '@site/src/components/CodeSamples';

/** The wrappers' code itself, loaded only where the page does not already hold it (KeptCodeSamples). */
export default function ClientSamplesCode(): ReactNode {
  return <CodeSamples samples={samples} />;
}
