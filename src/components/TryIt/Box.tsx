import {useEffect, useRef, type ReactNode, type RefObject} from 'react';
import {translate} from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Heading from '@theme/Heading';

interface Props {
  /** The heading, and the name of the region for screen readers. */
  readonly title: string;
  readonly children: ReactNode;
}

/**
 * The frame of the Try it panel and of the webhook lab: a named region under an h3, styled by
 * src/css/served/sandbox.css. React 19 puts a stylesheet link with a `precedence` into the head once,
 * however many boxes render it, and holds the box back (Suspense) until it has loaded, so it never
 * shows unstyled.
 */
/** The controls a keyboard reader lands on when the box opens: the first of them. */
const CONTROL = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/**
 * When the box appears (the reader pressed Try it, or Open the webhook lab, and the button is gone),
 * focus goes to its first control, unless the reader has already moved it somewhere else on the
 * page, and the box scrolls up into view when it opened low on the screen, as it does at the foot of
 * the sticky code column (issue 34).
 */
function useOpenInView(box: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const section = box.current;
    if (!section) return;
    const active = document.activeElement;
    const opener = section.closest('.api-on-demand');
    if (!active || active === document.body || (opener?.contains(active) ?? false)) {
      section.querySelector<HTMLElement>(CONTROL)?.focus({preventScroll: true});
    }
    const {top} = section.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight * 0.6) section.scrollIntoView({block: 'start'});
  }, [box]);
}

export default function SandboxBox({title, children}: Props): ReactNode {
  const box = useRef<HTMLElement>(null);
  useOpenInView(box);
  return (
    <section className="api-sandbox__box" aria-label={title} ref={box}>
      <link rel="stylesheet" href={useBaseUrl('/css/sandbox.css')} precedence="default" />
      <Heading as="h3" className="api-sandbox__title">
        {title}
      </Heading>
      {children}
    </section>
  );
}

interface FieldProps {
  /** The id of the control, which the label names. */
  readonly htmlFor: string;
  readonly label: ReactNode;
  /** The control (input, select or textarea) with `id={htmlFor}` and, when it has errors, `errorAttributes`. */
  readonly children: ReactNode;
  /** Marks the label: an asterisk to see, the word "required" to hear (the label names the control). */
  readonly required?: boolean;
  /** What is wrong with the value, said under the control (`errorId(htmlFor)`). */
  readonly errors?: readonly string[];
}

/** The id of a control's error messages, which its `aria-describedby` names. */
export const errorId = (htmlFor: string): string => `${htmlFor}-error`;

/** The attributes of a control with errors: marked invalid, and described by its messages. */
export function errorAttributes(
  htmlFor: string,
  errors: readonly string[] | undefined,
): {'aria-invalid'?: true; 'aria-describedby'?: string} {
  return errors?.length ? {'aria-invalid': true, 'aria-describedby': errorId(htmlFor)} : {};
}

/** The mark of a required field: `*` on screen, "(required)" in the control's name. */
export function RequiredMark(): ReactNode {
  return (
    <span className="api-sandbox__required">
      {/* The asterisk is drawn by src/css/served/sandbox.css (::before): one mark, no text to translate. */}
      <span aria-hidden="true" className="api-sandbox__star" />
      <span className="sr-only">{` (${translate({id: 'tryIt.required', message: 'required'})})`}</span>
    </span>
  );
}

/** One labelled control of the Try it panel or the webhook lab, with its errors under it. */
export function SandboxField({htmlFor, label, children, required, errors}: FieldProps): ReactNode {
  return (
    <div className="api-sandbox__field">
      <label htmlFor={htmlFor}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children}
      {errors?.length ? (
        <div id={errorId(htmlFor)} className="api-sandbox__error">
          {errors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
