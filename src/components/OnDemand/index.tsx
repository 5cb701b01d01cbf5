/**
 * An interactive part of a page that loads on first use (the Try it panel, the webhook lab): one
 * button, and once it is pressed the lazy component and whatever it fetches. The button is in the
 * server-rendered HTML but invisible until React has hydrated the page (src/css/served/reference.css:
 * `html:not([data-has-hydrated='true'])`), so with JavaScript off the page reads fully without it, and
 * since its space is kept, nothing moves when it appears (CLS 0). Kept this small on purpose: it
 * sits in the chunk every docs page loads, and first visits must not grow (tests/e2e/budget.spec.ts).
 */
import {Suspense, useEffect, useRef, useState, type ReactNode, type RefObject} from 'react';

interface Props {
  /** The button's words. */
  readonly label: string;
  /** The lazy component (React.lazy), rendered once the button is pressed. */
  readonly children: () => ReactNode;
}

/** What a keyboard reader lands on in the opened part: its first control. */
const FOCUSABLE = 'input:not([disabled]), select, textarea, button:not([disabled]), [href], [tabindex="0"]';

/**
 * Mounted beside the lazy component, in the same Suspense boundary, so it mounts when that component
 * does: focus moves into the opened part (the button that had it is gone; focus would fall to the
 * page and the next Tab skip the form) and the part scrolls into view, even from a sticky column
 * whose bottom it opened at (issue 34).
 */
function FocusInside({within}: {readonly within: RefObject<HTMLDivElement | null>}): null {
  useEffect(() => {
    const box = within.current;
    if (!box) return;
    const first = box.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box).focus({preventScroll: true});
    box.scrollIntoView({block: 'nearest'});
  }, [within]);
  return null;
}

export default function OnDemand({label, children}: Props): ReactNode {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  return (
    // tabIndex -1: the part itself takes focus when it has no control of its own.
    <div className="api-on-demand" ref={box} tabIndex={open ? -1 : undefined}>
      {/* The lazy component says it is loading (role=status) once its code is in; that code is small. */}
      {open ? (
        <Suspense>
          {children()}
          <FocusInside within={box} />
        </Suspense>
      ) : (
        <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
          {label}
        </button>
      )}
    </div>
  );
}
