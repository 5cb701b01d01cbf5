/**
 * The steps block (core/contract/sections.ts): a left-to-right flow (top-to-bottom on phones) as
 * an ordered list with CSS arrows: static HTML, readable without JavaScript and by screen readers,
 * and no diagram runtime in the browser (Mermaid would need a headless browser at build time or
 * about 1 MB of client JavaScript). A file of its own: <FlowDiagram> is on most docs pages, and
 * imports this alone rather than every block's renderer (./Sections.tsx).
 */
import type {ReactNode} from 'react';
import type {StepsBlock} from '#core/contract/sections';
import styles from './steps.module.css';

export default function Steps({block}: {readonly block: StepsBlock}): ReactNode {
  return (
    <figure className={styles.figure}>
      <ol className={styles.flow} aria-label={block.label}>
        {block.steps.map((step, i) => (
          <li key={step.title} className={styles.step}>
            <span className={styles.number} aria-hidden="true">
              {i + 1}
            </span>
            <strong className={styles.title}>{step.title}</strong>
            {step.detail && <span className={styles.detail}>{step.detail}</span>}
          </li>
        ))}
      </ol>
      <figcaption className={styles.caption}>{block.label}</figcaption>
    </figure>
  );
}
