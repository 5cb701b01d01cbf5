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

/**
 * True while the page the reader opened is being hydrated. Docusaurus's server HTML carries
 * `data-has-hydrated="false"` on <html> and sets it to "true" once hydrated, so the attribute is
 * always there: only its value tells (testing for its presence made every table hydrate).
 */
/**
 * One object for every render: React 19 compares `dangerouslySetInnerHTML` by identity, and a new
 * `{__html: ''}` on a later render (the page re-rendered while a navigation away was still pending,
 * then the reader went back) would set innerHTML to '' and wipe the server's markup.
 */
const KEEP_SERVER_MARKUP = {__html: ''} as const;

const hydratingFirstPage = (): boolean =>
  typeof document !== 'undefined' && document.documentElement.getAttribute('data-has-hydrated') !== 'true';

export default function ServerHtml({as: Tag, className, children}: Props): ReactNode {
  const [keep, setKeep] = useState(hydratingFirstPage);
  const ref = useRef<HTMLTableSectionElement & HTMLDivElement & HTMLUListElement>(null);
  useLayoutEffect(() => {
    if (keep && !ref.current?.firstChild) setKeep(false);
  }, [keep]);
  return keep ? (
    <Tag
      ref={ref}
      className={className}
      data-server-html
      dangerouslySetInnerHTML={KEEP_SERVER_MARKUP}
      suppressHydrationWarning
    />
  ) : (
    // data-server-html on both: the server's markup and the hydrated page must agree.
    <Tag ref={ref} className={className} data-server-html>
      {children}
    </Tag>
  );
}
