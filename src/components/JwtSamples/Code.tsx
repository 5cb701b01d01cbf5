import type {ReactNode} from 'react';
import samples from '@generated/api-contract/default/jwt-samples.json';
import CodeSamples from '@site/src/components/CodeSamples';

/** The token samples' code itself, loaded only where the page does not already hold it (KeptCodeSamples). */
export default function JwtSamplesCode(): ReactNode {
  return <CodeSamples samples={samples} />;
}
