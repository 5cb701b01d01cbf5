import type {ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import DataTable from '@site/src/components/DataTable';
import InlineText from '@site/src/components/InlineText';
import {deliveryPolicyRows} from '#core/contract/webhook-policy';

/**
 * How every webhook is delivered, from core/contract/webhook-policy.ts: the same rows as the Markdown
 * twin of the page (the registry in node/contract/components.ts renders `deliveryPolicyRows()` too).
 */
export default function DeliveryPolicy(): ReactNode {
  return (
    <DataTable
      head={[
        translate({id: 'api.delivery.rule', message: 'Rule'}),
        translate({id: 'api.delivery.value', message: 'What we do, what you do'}),
      ]}
      rows={deliveryPolicyRows().map((r) => ({
        key: r.rule,
        cells: [<strong key="rule">{r.rule}</strong>, <InlineText key="value" text={r.value} />],
      }))}
    />
  );
}
