import type {ReactNode} from 'react';
import tree from '@generated/api-contract/default/sandbox-page.json';
import Sections from '@site/src/components/Reference/Sections';

interface Props {
  /**
   * Which table, by its key in the tree's `sections`: the credentials, the rows of any operation,
   * the sandbox scenarios shared across families, or one family's. plugins/api-contract/remark.ts writes
   * one per section, after its heading, from a bare <SandboxPage /> in the page.
   */
  readonly section: string;
}

/**
 * The Sandbox page's tables, from the sandbox scenarios (openapi/scenarios/) through sandbox-page.json:
 * the section tree of core/sandbox/page.ts `sandboxPageTree`, which the Markdown twin serialises too.
 */
export default function SandboxPage({section}: Props): ReactNode {
  const found = tree.sections.find((s) => s.key === section);
  if (!found)
    throw new Error(
      `<SandboxPage section="${section}"> names no section of the Sandbox page (${tree.sections.map((s) => s.key).join(', ')}).`,
    );
  return <Sections blocks={found.blocks} />;
}
