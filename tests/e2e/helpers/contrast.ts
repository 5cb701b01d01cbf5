/**
 * WCAG 2 contrast between colours as the browser computes them (`getComputedStyle`: `rgb(r, g, b)`
 * or `rgba(r, g, b, a)`), for specs that check what a reader sees rather than what the CSS says:
 * a colour with alpha is laid over its background first, as it is painted. Pure (tested in
 * tests/unit/contrast.test.ts); colours() reads them from a page.
 */
import type {Locator} from '@playwright/test';

export interface Rgba {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

/** Parses a computed colour; anything else is refused with the value and what is expected. */
export function parseColour(css: string): Rgba {
  const match = /^rgba?\(\s*([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\s*\)$/.exec(css.trim());
  if (!match) throw new Error(`contrast: '${css}' is not a computed colour (rgb(r, g, b) or rgba(r, g, b, a))`);
  const [r, g, b] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  return {r, g, b, a: match[4] === undefined ? 1 : Number(match[4])};
}

/** `top` painted over the opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number): number => t * top.a + b * (1 - top.a);
  return {r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1};
}

/** Relative luminance (WCAG 2.x). */
export function luminance({r, g, b}: Rgba): number {
  const linear = (channel: number): number => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Contrast ratio (1-21) of `foreground` on the opaque `background`, both computed colours. */
export function contrast(foreground: string, background: string): number {
  const bg = parseColour(background);
  const fg = over(parseColour(foreground), bg);
  const [light, dark] = [luminance(fg), luminance(bg)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export interface Colours {
  readonly color: string;
  /** The first opaque background from the element up (the page's own when none is set). */
  readonly background: string;
}

/** The element's text colour and the background it is painted on. */
export async function colours(locator: Locator): Promise<Colours> {
  return locator.evaluate((element) => {
    let background = 'rgb(255, 255, 255)';
    for (let el: Element | null = element; el; el = el.parentElement) {
      const bg = getComputedStyle(el).backgroundColor;
      if (bg !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(bg)) {
        background = bg;
        break;
      }
    }
    return {color: getComputedStyle(element).color, background};
  });
}
