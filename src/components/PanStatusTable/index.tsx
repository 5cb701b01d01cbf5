import type {ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import statuses from '@generated/api-contract/pan-status.json';
import InlineText from '@site/src/components/InlineText';

/** PAN application status values, from the `PanStatus` schema in openapi/families/pan.yaml. */
export default function PanStatusTable(): ReactNode {
  const brokenLinks = useBrokenLinks();
  for (const s of statuses) brokenLinks.collectAnchor(`status-${s.value.toLowerCase()}`);
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">
            <Translate id="panStatus.value">status</Translate>
          </th>
          <th scope="col">
            <Translate id="panStatus.meaning">Meaning and what to do</Translate>
          </th>
        </tr>
      </thead>
      <tbody>
        {statuses.map((s) => (
          <tr key={s.value} id={`status-${s.value.toLowerCase()}`}>
            <td>
              <code>{s.value}</code>
            </td>
            <td>
              <InlineText text={s.meaning} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
