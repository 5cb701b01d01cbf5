/** Stands in for every `@theme/*` component in unit tests: renders its children, nothing else. */
import type {ReactNode} from 'react';

export default function ThemeStub({children}: {readonly children?: ReactNode}): ReactNode {
  return children ?? null;
}
