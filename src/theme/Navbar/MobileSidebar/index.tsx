/**
 * Wraps the phone navbar's panel (primary menu, docs or blog sidebar) so it is rendered when the
 * reader first opens it, not on every page load. The theme renders the whole panel, hidden,
 * as soon as hydration finds a narrow window: on a docs page that is the full sidebar tree
 * created as new DOM in one synchronous render right after hydration, the longest task of an
 * API page's load on a slow phone. Once opened it
 * stays rendered, so closing and reopening slide as before; the first opening slides in too,
 * through the `@starting-style` rule in src/css/custom.css.
 *
 * Esc closes the open panel and puts the focus back on the menu button that opened it, as a
 * dialog's Esc does (issue 24; the theme closes it only by its buttons, a link or going back).
 */
import {useEffect, useState, type ReactNode} from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';

/** The navbar's menu button (Navbar/MobileSidebar/Toggle): where the focus returns. */
const MENU_BUTTON = '.navbar__toggle';

/** While `shown`, Esc (not already handled, e.g. by the search box) calls `close` and refocuses the menu button. */
function useCloseOnEscape(shown: boolean, close: () => void): void {
  useEffect(() => {
    if (!shown) return undefined;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      close();
      document.querySelector<HTMLElement>(MENU_BUTTON)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [shown, close]);
}

export default function MobileSidebarWrapper(): ReactNode {
  const {shown, toggle} = useNavbarMobileSidebar();
  const [opened, setOpened] = useState(shown);
  useCloseOnEscape(shown, toggle);
  // State adjusted during render (React's pattern for state derived from a changing value): the
  // panel is in the same commit as the `navbar-sidebar--show` class that shows it.
  if (shown && !opened) setOpened(true);
  return opened ? <MobileSidebar /> : null;
}
