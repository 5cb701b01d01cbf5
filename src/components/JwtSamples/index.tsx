import type {ReactNode} from 'react';
import samples from '@generated/api-contract/default/jwt-samples.json';
import CodeSamples from '@site/src/components/CodeSamples';

/** How to sign the request token, in every sample language (files under samples/jwt/). */
export default function JwtSamples(): ReactNode {
  return <CodeSamples samples={samples} />;
}
