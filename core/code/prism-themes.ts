/**
 * Prism themes for code blocks: GitHub (light) and Dracula (dark) with the token colours that
 * fall below WCAG AA (4.5:1) moved just far enough towards black (light) or white (dark) to
 * reach it, both on the code background and on highlighted lines
 * (--docusaurus-highlighted-code-line-bg in src/css/custom.css). Hues are kept.
 */
import {themes, type PrismTheme} from 'prism-react-renderer';

/** Replaces the colour of every token style whose current colour is a key of `colours`. */
function recolour(theme: PrismTheme, colours: Readonly<Record<string, string>>): PrismTheme {
  return {
    ...theme,
    styles: theme.styles.map((style) => {
      const colour = style.style.color;
      const replacement = colour === undefined ? undefined : colours[colour];
      return replacement ? {...style, style: {...style.style, color: replacement}} : style;
    }),
  };
}

export const lightCodeTheme = recolour(themes.github, {
  '#999988': '#626257', // comment
  '#e3116c': '#bf0e5b', // string
  '#36acaa': '#216b69', // number, property, ...
  '#00a4db': '#00698c', // keyword, attr-name
  '#d73a49': '#b0303c', // function, tag
});

export const darkCodeTheme = recolour(themes.dracula, {
  'rgb(98, 114, 164)': '#8894ba', // comment
  'rgb(255, 85, 85)': '#ff5858', // deleted
});
