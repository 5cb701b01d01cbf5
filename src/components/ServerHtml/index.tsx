/**
 * A static block that the first page load does not hydrate. On the server, and whenever React
 * renders it in the browser (a client-side navigation), it renders its children as usual. While
 * the page the reader opened is being hydrated, it renders an element with an empty
 * dangerouslySetInnerHTML instead: React then keeps the server's markup inside as it is and
 * creates no component or element for any of it. The API reference's field tables are hundreds of
 * elements per page; skipping them takes a large share of the hydration work off a phone's main
 * thread.
 *
 * Only for content with no state, event handlers or client-side links (a `<Link>` inside would
 * stay a plain link on the first page). If the element turns out empty after all (React had to
 * render the page afresh, e.g. after a hydration error elsewhere), it renders the children at once.
 */
import {useLayoutEffect, useRef, useState, type ReactNode} from 'react';

interface Props {
  readonly as: 'tbody' | 'div' | 'ul';
  readonly className?: string;
  readonly children: ReactNode;
}

/** True while the page the reader opened is being hydrated (Docusaurus marks <html> after). */
const hydratingFirstPage = (): boolean =>
  typeof document !== 'undefined' && !document.documentElement.hasAttribute('data-has-hydrated');

export default function ServerHtml({as: Tag, className, children}: Props): ReactNode {
  const [keep, setKeep] = useState(hydratingFirstPage);
  const ref = useRef<HTMLTableSectionElement & HTMLDivElement & HTMLUListElement>(null);
  useLayoutEffect(() => {
    if (keep && !ref.current?.firstChild) setKeep(false);
  }, [keep]);
  return keep ? (
    <Tag ref={ref} className={className} dangerouslySetInnerHTML={{__html: ''}} suppressHydrationWarning />
  ) : (
    <Tag ref={ref} className={className}>
      {children}
    </Tag>
  );
}
