import {lazy, type ReactNode} from 'react';
import KeptCodeSamples from '@site/src/components/KeptCodeSamples';

/**
 * How to sign the request token, in every sample language (files under samples/jwt/). Its code is
 * kept out of the page's first-visit JavaScript (KeptCodeSamples): /HeaderMarkdown shows it beside the
 * client wrappers.
 */
const Code = lazy(() => import('./Code'));

export default function JwtSamples(): ReactNode {
  return <KeptCodeSamples code={Code} />;
}
