import type {ReactNode} from 'react';
import samples from '@generated/api-contract/default/verify-samples.json';
import CodeSamples from '@site/src/components/CodeSamples';

/** How to check `X-Signature`, in every sample language (files under samples/verify/, executed by the tests). */
export default function VerifySignature(): ReactNode {
  return <CodeSamples samples={samples} />;
}
