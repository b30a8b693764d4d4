import { describe, expect, it } from 'vitest';
import { paletteKeys, shortcutOf, type KeyPress } from './shortcuts';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  typing: false,
  ...extra,
});

describe('the keyboard shortcuts', () => {
  it('opens the palette on Ctrl+K or ⌘K, even while typing in a field', () => {
    expect(shortcutOf(press('k', { ctrlKey: true }))).toBe('palette');
    expect(shortcutOf(press('K', { metaKey: true, typing: true }))).toBe('palette');
    expect(shortcutOf(press('k', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(shortcutOf(press('k'))).toBeNull();
  });

  it('takes "/" to the search and "?" to the list of shortcuts, unless typed into a field', () => {
    expect(shortcutOf(press('/'))).toBe('search');
    expect(shortcutOf(press('?'))).toBe('help');
    expect(shortcutOf(press('/', { typing: true }))).toBeNull();
    expect(shortcutOf(press('?', { typing: true }))).toBeNull();
    expect(shortcutOf(press('/', { ctrlKey: true }))).toBeNull();
  });

  it('writes the palette shortcut as the computer names its keys', () => {
    expect(paletteKeys('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)')).toBe('⌘ K');
    expect(paletteKeys('Mozilla/5.0 (X11; Linux x86_64)')).toBe('Ctrl K');
  });
});
