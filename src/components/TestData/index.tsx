import type {ReactNode} from 'react';
import tree from '@generated/api-contract/default/test-data.json';
import Sections from '@site/src/components/Reference/Sections';

interface Props {
  /**
   * Which table, by its key in the tree's `sections`: the credentials, the rows of any operation,
   * the test values shared across families, or one family's. plugins/api-contract/remark.ts writes
   * one per section, after its heading, from a bare <TestData /> in the page.
   */
  readonly section: string;
}

/**
 * The Test data page's tables, from the scenario atlas (openapi/scenarios/) through test-data.json:
 * the section tree of core/sandbox/page.ts `testDataTree`, which the Markdown twin serialises too.
 */
export default function TestData({section}: Props): ReactNode {
  const found = tree.sections.find((s) => s.key === section);
  if (!found)
    throw new Error(
      `<TestData section="${section}"> names no section of the Test data page (${tree.sections.map((s) => s.key).join(', ')}).`,
    );
  return <Sections blocks={found.blocks} />;
}
