import type {ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import statuses from '@generated/api-contract/default/pan-status.json';
import TwoColumnTable from '@site/src/components/TwoColumnTable';

/** PAN application status values, from the `PanStatus` schema in openapi/families/pan.yaml. */
export default function PanStatusTable(): ReactNode {
  const brokenLinks = useBrokenLinks();
  for (const s of statuses) brokenLinks.collectAnchor(`status-${s.value.toLowerCase()}`);
  return (
    <TwoColumnTable
      head={[
        <Translate key="value" id="panStatus.value">
          status
        </Translate>,
        <Translate key="meaning" id="panStatus.meaning">
          Meaning and what to do
        </Translate>,
      ]}
      rows={statuses.map((s) => ({
        key: s.value,
        id: `status-${s.value.toLowerCase()}`,
        label: <code>{s.value}</code>,
        text: s.meaning,
      }))}
    />
  );
}
