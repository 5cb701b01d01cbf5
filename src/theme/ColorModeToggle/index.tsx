/**
 * Wraps the colour-mode toggle (labels, cycling light -> dark -> system,
 * storage and cross-tab sync all stay the theme's) to keep the browser's
 * `theme-color` in step with the page, so the phone's address bar is not a
 * bright green strip above a dark page.
 */
import {useEffect, type ReactNode} from 'react';
import type {Props} from '@theme/ColorModeToggle';
import ColorModeToggle from '@theme-original/ColorModeToggle';
import {useColorMode} from '@docusaurus/theme-common';
import {site} from '@site/site.config';

const THEME_COLOR = {light: site.colors.brand, dark: site.colors.darkBackground} as const;

export default function ColorModeToggleWrapper(props: Props): ReactNode {
  const {colorMode} = useColorMode();
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[colorMode]);
  }, [colorMode]);
  return <ColorModeToggle {...props} />;
}
