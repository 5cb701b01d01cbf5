import type {ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import statuses from '@generated/api-contract/default/pan-status.json';
import DataTable from '@site/src/components/DataTable';
import InlineText from '@site/src/components/InlineText';

/** PAN application status values, from the `PanStatus` schema in openapi/families/pan.yaml. */
export default function PanStatusTable(): ReactNode {
  const brokenLinks = useBrokenLinks();
  for (const s of statuses) brokenLinks.collectAnchor(`status-${s.value.toLowerCase()}`);
  return (
    <DataTable
      head={[
        translate({id: 'panStatus.value', message: 'status'}),
        translate({id: 'panStatus.meaning', message: 'Meaning and what to do'}),
      ]}
      rows={statuses.map((s) => ({
        key: s.value,
        id: `status-${s.value.toLowerCase()}`,
        cells: [<code key="value">{s.value}</code>, <InlineText key="meaning" text={s.meaning} />],
      }))}
    />
  );
}
