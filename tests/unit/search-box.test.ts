import {describe, expect, it} from 'vitest';
import {isSearchShortcut, keyIntent, listStatus, moveActive, searchText, showsList} from '#core/search/box';

describe('search box: the list', () => {
  it('searches a query of two characters or more, nothing for a shorter one', () => {
    expect([searchText('ae'), searchText(' a '), searchText('')]).toEqual(['ae', '', '']);
  });

  it('holds back a last word of one letter until the next one comes', () => {
    expect([searchText('mini s'), searchText('mini st'), searchText('mini s '), searchText('a b')]).toEqual([
      'mini',
      'mini st',
      'mini s ',
      '',
    ]);
    // The results for "mini" answer "mini s": the list is not waiting for newer ones.
    expect(listStatus('ready', 'mini', 'mini s')).toBe('ready');
  });

  it('shows the list while the reader is in the box with a query long enough', () => {
    expect([showsList(true, 'ae'), showsList(true, ' a '), showsList(false, 'aeps')]).toEqual([true, false, false]);
  });

  it('says "loading" while the box holds newer text than the results shown', () => {
    expect(listStatus('ready', 'aep', 'aeps')).toBe('loading');
    expect(listStatus('ready', 'aeps', ' aeps ')).toBe('ready');
    expect(listStatus('error', 'aep', 'aeps')).toBe('error');
    expect(listStatus('idle', '', 'aeps')).toBe('idle');
  });
});

describe('search box: the keys of the combobox', () => {
  it('moves through the results with the arrows, only when there are some', () => {
    expect([keyIntent('ArrowDown', 3, false, 'ae'), keyIntent('ArrowUp', 3, true, 'ae')]).toEqual(['next', 'previous']);
    expect(keyIntent('ArrowDown', 0, true, 'ae')).toBeUndefined();
  });

  it('wraps round at either end, and starts from the first or the last with none selected', () => {
    expect([moveActive(2, 'next', 3), moveActive(0, 'previous', 3)]).toEqual([0, 2]);
    expect([moveActive(-1, 'next', 3), moveActive(-1, 'previous', 3)]).toEqual([0, 1]);
  });

  it('opens a result with Enter only while the list is open on results', () => {
    expect(keyIntent('Enter', 2, true, 'aeps')).toBe('open');
    expect([
      keyIntent('Enter', 2, false, 'aeps'),
      keyIntent('Enter', 0, true, 'aeps'),
      keyIntent('Enter', 2, true, ''),
    ]).toEqual([undefined, undefined, undefined]);
  });

  it('closes the list with Escape, and leaves the box when it is closed already', () => {
    expect([keyIntent('Escape', 2, true, 'ae'), keyIntent('Escape', 2, false, 'ae')]).toEqual(['close', 'blur']);
    expect(keyIntent('a', 2, true, 'ae')).toBeUndefined();
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
