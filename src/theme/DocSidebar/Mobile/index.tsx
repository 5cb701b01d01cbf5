/**
 * Wraps the docs sidebar of the phone menu so it is handed to the menu on the reader's first
 * interaction, not during the page load. Handing it over costs a first `localeCompare` in the
 * theme (it sorts the props' keys to memoise them), and the first `localeCompare` of a page loads
 * the browser's collation data, a long task inside the render that follows hydration on every
 * phone. The menu itself is only
 * created when opened (src/theme/Navbar/MobileSidebar); touching or focusing it is an interaction,
 * so the sidebar is there when it opens.
 */
import type {ReactNode} from 'react';
import type {Props} from '@theme/DocSidebar/Mobile';
import DocSidebarMobile from '@theme-original/DocSidebar/Mobile';
import {useInteracted} from '@site/src/client/use-interacted';

export default function DocSidebarMobileWrapper(props: Props): ReactNode {
  return useInteracted() ? <DocSidebarMobile {...props} /> : null;
}
