/**
 * Wraps TOCItems to highlight one entry from the main column's headings only (issue 24). The theme's
 * highlight (useTOCHighlight) reads every heading of the page, so the headings of an operation
 * page's sticky column ("Code samples") stay near the top of the window and keep the highlight
 * wherever the reader is; and after a click on an entry whose section is too short to reach the
 * top, the highlight jumps to another one. Here the theme's highlight is turned off (no
 * `linkActiveClassName` given to the original) and the same class is set by the same means (on
 * the links, by class name): from the main column's headings on scroll (./active.ts), and on the
 * entry clicked until the scroll it starts has ended.
 */
import {useEffect, type ReactNode} from 'react';
import type {WrapperProps} from '@docusaurus/types';
import type TOCItemsType from '@theme/TOCItems';
import TOCItems from '@theme-original/TOCItems';
import {activeHeading} from './active';

type Props = WrapperProps<typeof TOCItemsType>;

/** Headings in a sticky column (src/css/served/reference.css) do not count. */
const SIDE = '.api-reference__side, .api-columns__side';
/** How long a click's choice holds while the page scrolls to the heading. */
const CLICK_HOLD_MS = 1000;

const hashOf = (link: HTMLAnchorElement): string => decodeURIComponent(link.hash.slice(1));

function mainHeadings(links: readonly HTMLAnchorElement[]): {id: string; top: number}[] {
  const ids = new Set(links.map(hashOf));
  return Array.from(document.querySelectorAll<HTMLElement>('.theme-doc-markdown :is(h2, h3, h4, h5, h6)[id]'))
    .filter((h) => ids.has(h.id) && !h.closest(SIDE))
    .map((h) => ({id: h.id, top: h.getBoundingClientRect().top}));
}

function useMainColumnHighlight(linkClassName: string | undefined, activeClassName: string | undefined): void {
  useEffect(() => {
    if (!linkClassName || !activeClassName) return undefined;
    const selector = `.${linkClassName.trim().split(/\s+/).join('.')}`;
    const links = (): HTMLAnchorElement[] => Array.from(document.querySelectorAll<HTMLAnchorElement>(selector));
    let heldUntil = 0;
    const mark = (id: string | undefined): void => {
      for (const link of links()) link.classList.toggle(activeClassName, id !== undefined && hashOf(link) === id);
    };
    const onScroll = (): void => {
      if (Date.now() < heldUntil) return;
      const navbar = document.querySelector('.navbar')?.clientHeight ?? 0;
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      mark(activeHeading(mainHeadings(links()), navbar + 24, atEnd));
    };
    const onClick = (event: MouseEvent): void => {
      const link = (event.target as Element | null)?.closest<HTMLAnchorElement>(selector);
      if (!link) return;
      heldUntil = Date.now() + CLICK_HOLD_MS;
      mark(hashOf(link));
    };
    onScroll();
    window.addEventListener('scroll', onScroll, {passive: true});
    window.addEventListener('resize', onScroll, {passive: true});
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      document.removeEventListener('click', onClick);
    };
  }, [linkClassName, activeClassName]);
}

export default function TOCItemsWrapper({linkActiveClassName, ...props}: Props): ReactNode {
  useMainColumnHighlight(props.linkClassName ?? undefined, linkActiveClassName ?? undefined);
  return <TOCItems {...props} />;
}
