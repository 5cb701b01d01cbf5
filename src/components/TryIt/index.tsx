/**
 * The Try it block of an operation's section tree (core/contract/tree.ts, `try-it`): a button
 * after hydration, nothing without JavaScript; the panel, the engine and the family's compiled
 * model and validators load when it is pressed (./Panel.tsx, ./load.ts).
 */
import {lazy, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import OnDemand from '@site/src/components/OnDemand';

// One chunk with the webhook lab's (the same name): one entry in the runtime every page loads.
const Panel = lazy(() => import(/* webpackChunkName: "sandbox" */ './Panel'));

interface Props {
  readonly op: string;
  readonly family: string;
}

export default function TryIt({op, family}: Props): ReactNode {
  return (
    <OnDemand label={translate({id: 'tryIt.open', message: 'Try it'})}>
      {() => <Panel op={op} family={family} />}
    </OnDemand>
  );
}
