import type {ReactNode} from 'react';
import Reference, {type PageTree} from '@site/src/components/Reference';

interface Props {
  /** The operation's section tree (plugins/api-contract), imported by the page the remark plugin wires. */
  readonly data: PageTree;
  /** Set by the remark plugin, which puts each section's heading before it. Omitted: every section. */
  readonly section?: string;
}

/** `<Endpoint op="..." />`: the reference of one operation. */
export default function Endpoint({data, section}: Props): ReactNode {
  return <Reference tree={data} section={section} />;
}
