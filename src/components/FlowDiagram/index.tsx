import type {ReactNode} from 'react';
import styles from './styles.module.css';

export interface FlowStep {
  readonly title: string;
  readonly detail?: string;
}

interface Props {
  /** Steps in order; each may carry a one-line detail. */
  readonly steps: readonly FlowStep[];
  /** Accessible name of the diagram, e.g. "AEPS integration flow". */
  readonly label: string;
}

/**
 * A left-to-right flow (top-to-bottom on phones) rendered as an ordered list
 * with CSS arrows: static HTML, readable without JavaScript and by screen
 * readers, and no diagram runtime shipped to the browser. Mermaid would need a
 * headless browser at build time or about 1 MB of client JavaScript.
 */
export default function FlowDiagram({steps, label}: Props): ReactNode {
  return (
    <figure className={styles.figure}>
      <ol className={styles.flow} aria-label={label}>
        {steps.map((step, i) => (
          <li key={step.title} className={styles.step}>
            <span className={styles.number} aria-hidden="true">
              {i + 1}
            </span>
            <strong className={styles.title}>{step.title}</strong>
            {step.detail && <span className={styles.detail}>{step.detail}</span>}
          </li>
        ))}
      </ol>
      <figcaption className={styles.caption}>{label}</figcaption>
    </figure>
  );
}
