import type {ReactNode} from 'react';
import tree from '@generated/api-contract/default/shared/answers.js';
import Reference from '@site/src/components/Reference';

interface Props {
  /**
   * Which answer, by its key in the tree (`response-401`): plugins/api-contract/remark.ts writes one
   * per section, after its heading, from a bare <SharedAnswers /> in the page.
   */
  readonly section: string;
}

/**
 * The error answers every operation shares (400, 401, 429), each once, from the contract's shared
 * responses (core/contract/tree.ts `sharedAnswersTree`): the operation pages link these instead of
 * repeating the envelope under every call (issue 34).
 */
export default function SharedAnswers({section}: Props): ReactNode {
  return <Reference tree={tree} section={section} />;
}
