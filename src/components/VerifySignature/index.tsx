import type {ReactNode} from 'react';
import samples from '@generated/api-contract/default/verify-samples.json';
import CodeSamples from '@site/src/components/CodeSamples';
import WebhookLab from '@site/src/components/WebhookLab';

interface Props {
  /** The page's webhook, whose example the lab starts with (`event="aeps-transaction"`). */
  readonly event?: string;
}

/**
 * How to check `X-Signature`, in every sample language (files under samples/verify/, executed by the
 * tests), then the webhook lab that checks a pasted delivery in the browser (after hydration only;
 * the Markdown twin has the samples).
 */
export default function VerifySignature({event}: Props): ReactNode {
  return (
    <>
      <CodeSamples samples={samples} />
      <WebhookLab event={event} />
    </>
  );
}
