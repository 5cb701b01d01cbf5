/**
 * An interactive part of a page that loads on first use (the Try it panel, the webhook lab): one
 * button, and once it is pressed the lazy component and whatever it fetches. The button is in the
 * server-rendered HTML but invisible until React has hydrated the page (src/css/served/reference.css:
 * `html:not([data-has-hydrated='true'])`), so with JavaScript off the page reads fully without it, and
 * since its space is kept, nothing moves when it appears (CLS 0). Kept this small on purpose: it
 * sits in the chunk every docs page loads, and first visits must not grow (tests/e2e/budget.spec.ts).
 */
import {Suspense, useState, type ReactNode} from 'react';

interface Props {
  /** The button's words. */
  readonly label: string;
  /** The lazy component (React.lazy), rendered once the button is pressed. */
  readonly children: () => ReactNode;
}

export default function OnDemand({label, children}: Props): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <div className="api-on-demand">
      {/* The lazy component says it is loading (role=status) once its code is in; that code is small. */}
      {open ? (
        <Suspense>{children()}</Suspense>
      ) : (
        <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
          {label}
        </button>
      )}
    </div>
  );
}
