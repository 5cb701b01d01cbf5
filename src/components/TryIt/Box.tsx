import type {ReactNode} from 'react';
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
export default function SandboxBox({title, children}: Props): ReactNode {
  return (
    <section className="api-sandbox__box" aria-label={title}>
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
  /** The control (input, select or textarea) with `id={htmlFor}`. */
  readonly children: ReactNode;
}

/** One labelled control of the Try it panel or the webhook lab. */
export function SandboxField({htmlFor, label, children}: FieldProps): ReactNode {
  return (
    <div className="api-sandbox__field">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </div>
  );
}
