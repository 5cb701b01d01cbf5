/**
 * The webhook lab under "Verify the signature" on every webhook page: paste a delivery (body,
 * headers, secret) and check it in the browser. A button after hydration, nothing without
 * JavaScript; the lab and its signed example load when it is pressed (./Lab.tsx).
 */
import {lazy, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import OnDemand from '@site/src/components/OnDemand';

// One chunk with the Try it panel's (the same name): one entry in the runtime every page loads.
const Lab = lazy(() => import(/* webpackChunkName: "sandbox" */ './Lab'));

interface Props {
  /** The webhook whose example the lab starts with (the page's event); the first of the contract otherwise. */
  readonly event?: string;
}

export default function WebhookLab({event}: Props): ReactNode {
  return (
    <OnDemand label={translate({id: 'webhookLab.open', message: 'Open the webhook lab'})}>
      {() => <Lab event={event} />}
    </OnDemand>
  );
}
