import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import DataTable from '@site/src/components/DataTable';
import InlineText from '@site/src/components/InlineText';
import {checklistRows} from '#core/certify/rules';

/**
 * The go-live checklist, from core/certify/rules.ts: the rules `npm run certify` checks, so the page
 * and the tool cannot disagree. The Markdown twin renders the same rows (node/contract/components.ts).
 */
export default function GoLiveChecklist(): ReactNode {
  return (
    // On phones each rule stacks into a card (src/css/custom.css `api-stack`), as the reference's tables do.
    <DataTable
      labelled
      tableClassName="api-stack"
      head={[
        translate({id: 'certify.checklist.part', message: 'Part'}),
        translate({id: 'certify.checklist.rule', message: 'Rule'}),
        translate({id: 'certify.checklist.holds', message: 'What certify checks'}),
        translate({id: 'certify.checklist.id', message: 'Check id'}),
      ]}
      rows={checklistRows().map((r) => ({
        key: r.id,
        cells: [
          r.mode,
          <Link key="title" to={r.page}>
            <InlineText text={r.title} />
          </Link>,
          <InlineText key="holds" text={r.holds} />,
          <code key="id">{r.id}</code>,
        ],
      }))}
    />
  );
}
