import type {ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import TwoColumnTable from '@site/src/components/TwoColumnTable';
import {deliveryPolicyRows} from '@site/src/lib/webhook-policy';

/**
 * How every webhook is delivered, from src/lib/webhook-policy.ts: the same rows as the Markdown
 * twin of the page (plugins/llms-txt renders `deliveryPolicyRows()` too).
 */
export default function DeliveryPolicy(): ReactNode {
  return (
    <TwoColumnTable
      head={[
        <Translate key="rule" id="api.delivery.rule">
          Rule
        </Translate>,
        <Translate key="value" id="api.delivery.value">
          What we do, what you do
        </Translate>,
      ]}
      rows={deliveryPolicyRows().map((r) => ({key: r.rule, label: <strong>{r.rule}</strong>, text: r.value}))}
    />
  );
}
