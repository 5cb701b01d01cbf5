/**
 * An interactive part of a page that loads on first use (the Try it panel, the webhook lab): with
 * JavaScript off, and before hydration, an empty slot of the button's height, so the page reads
 * fully and nothing moves when the button appears (CLS 0); after hydration, one button; pressed, the
 * lazy component and whatever it fetches. Shared by both, and kept this small on purpose: it sits in
 * the chunk every docs page loads, and first visits must not grow (tests/e2e/budget.spec.ts).
 */
import {Suspense, useState, type ReactNode} from 'react';
import BrowserOnly from '@docusaurus/BrowserOnly';

interface Props {
  /** The button's words. */
  readonly label: string;
  /** The lazy component (React.lazy), rendered once the button is pressed. */
  readonly children: () => ReactNode;
}

function Opener({label, children}: Props): ReactNode {
  const [open, setOpen] = useState(false);
  // The lazy component says it is loading (role=status) once its code is in; the code itself is small.
  return open ? (
    <Suspense>{children()}</Suspense>
  ) : (
    <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
      {label}
    </button>
  );
}

export default function OnDemand(props: Props): ReactNode {
  // An inline height: a rule in a stylesheet would go into the one stylesheet every page loads.
  return (
    <div style={{minHeight: '2.6rem', marginBottom: '1rem'}}>
      <BrowserOnly>{() => <Opener {...props} />}</BrowserOnly>
    </div>
  );
}
