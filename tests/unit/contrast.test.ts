/**
 * tests/e2e/helpers/contrast.ts: WCAG contrast of computed colours, as the colour-mode spec reads them.
 */
import {describe, expect, it} from 'vitest';
import {contrast, luminance, over, parseColour} from '../e2e/helpers/contrast';

describe('parseColour', () => {
  it('reads rgb() and rgba() as getComputedStyle writes them', () => {
    expect(parseColour('rgb(27, 27, 29)')).toEqual({r: 27, g: 27, b: 29, a: 1});
    expect(parseColour('rgba(0, 0, 0, 0.5)')).toEqual({r: 0, g: 0, b: 0, a: 0.5});
  });

  it('refuses anything else, naming the value and the forms it takes', () => {
    expect(() => parseColour('#1b1b1d')).toThrow(
      "contrast: '#1b1b1d' is not a computed colour (rgb(r, g, b) or rgba(r, g, b, a))",
    );
  });
});

describe('contrast', () => {
  it('is 21 for black on white, either way round, and 1 for a colour on itself', () => {
    expect(contrast('rgb(0, 0, 0)', 'rgb(255, 255, 255)')).toBeCloseTo(21, 5);
    expect(contrast('rgb(255, 255, 255)', 'rgb(0, 0, 0)')).toBeCloseTo(21, 5);
    expect(contrast('rgb(27, 27, 29)', 'rgb(27, 27, 29)')).toBe(1);
  });

  it("gives the dark theme's body text and quiet grey their known ratios on #1b1b1d", () => {
    expect(contrast('rgb(227, 227, 227)', 'rgb(27, 27, 29)')).toBeCloseTo(13.4, 1);
    expect(contrast('rgb(168, 172, 179)', 'rgb(27, 27, 29)')).toBeCloseTo(7.55, 1);
  });

  it('lays a translucent colour over its background first', () => {
    expect(over(parseColour('rgba(0, 0, 0, 0.5)'), parseColour('rgb(255, 255, 255)'))).toEqual({
      r: 127.5,
      g: 127.5,
      b: 127.5,
      a: 1,
    });
    expect(contrast('rgba(0, 0, 0, 0)', 'rgb(255, 255, 255)')).toBe(1);
    expect(luminance(parseColour('rgb(255, 255, 255)'))).toBe(1);
  });
});
