/**
 * Wraps the phone navbar's panel (primary menu, docs or blog sidebar) so it is rendered when the
 * reader first opens it, not on every page load. The theme renders the whole panel, hidden,
 * as soon as hydration finds a narrow window: on a docs page that is the full sidebar tree
 * created as new DOM in one synchronous render right after hydration, the longest task of an
 * API page's load on a slow phone. Once opened it
 * stays rendered, so closing and reopening slide as before; the first opening slides in too,
 * through the `@starting-style` rule in src/css/custom.css.
 */
import {useState, type ReactNode} from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';

export default function MobileSidebarWrapper(): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  const [opened, setOpened] = useState(shown);
  // State adjusted during render (React's pattern for state derived from a changing value): the
  // panel is in the same commit as the `navbar-sidebar--show` class that shows it.
  if (shown && !opened) setOpened(true);
  return opened ? <MobileSidebar /> : null;
}
