import {describe, expect, it} from 'vitest';
import {isSearchShortcut, showsList} from '#core/search/navbar';

describe('search box: when the list shows', () => {
  it('shows the list while the reader is in the box with a query long enough', () => {
    expect([showsList(true, 'ae'), showsList(true, ' a '), showsList(false, 'aeps')]).toEqual([true, false, false]);
  });
});

describe('isSearchShortcut', () => {
  const press = (key: string, more: Partial<Parameters<typeof isSearchShortcut>[0]> = {}) => ({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    inTextField: false,
    ...more,
  });

  it('takes Ctrl+K, or Cmd+K on a Mac, anywhere', () => {
    expect(isSearchShortcut(press('k', {ctrlKey: true}), false)).toBe(true);
    expect(isSearchShortcut(press('K', {ctrlKey: true, inTextField: true}), false)).toBe(true);
    expect(isSearchShortcut(press('k', {metaKey: true}), true)).toBe(true);
    expect(isSearchShortcut(press('k', {ctrlKey: true}), true)).toBe(false);
    expect(isSearchShortcut(press('k', {ctrlKey: true, altKey: true}), false)).toBe(false);
  });

  it('takes / alone outside a text field, and leaves a slash typed in one alone', () => {
    expect(isSearchShortcut(press('/'), false)).toBe(true);
    expect(isSearchShortcut(press('/', {inTextField: true}), false)).toBe(false);
    expect(isSearchShortcut(press('/', {ctrlKey: true}), false)).toBe(false);
    expect(isSearchShortcut(press('k'), false)).toBe(false);
  });
});
