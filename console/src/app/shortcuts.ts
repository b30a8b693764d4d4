// The console's keyboard shortcuts: Ctrl+K (⌘K on a Mac) opens the command palette from anywhere, even while
// typing; "/" goes to the screen's search field and "?" lists the shortcuts, unless the key is being typed into a
// field. Pure, so that which key does what is tested without a browser.
import { PAGE_SEARCH_ATTRIBUTE } from '../components/SearchInput';

export type Shortcut = 'palette' | 'search' | 'help';

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The key goes into a field (an input, a text area, a select, editable content). */
  typing: boolean;
}

export function shortcutOf({ key, ctrlKey, metaKey, altKey, typing }: KeyPress): Shortcut | null {
  if ((ctrlKey || metaKey) && !altKey && key.toLowerCase() === 'k') return 'palette';
  if (typing || ctrlKey || metaKey || altKey) return null;
  if (key === '/') return 'search';
  if (key === '?') return 'help';
  return null;
}

/** How the palette's shortcut is written on this computer. */
export function paletteKeys(platform: string = navigator.userAgent): string {
  return /Mac|iPhone|iPad/.test(platform) ? '⌘ K' : 'Ctrl K';
}

/** Focuses the screen's search field, if it has one; whether it did. */
export function focusPageSearch(): boolean {
  const field = document.querySelector<HTMLInputElement>(`main [${PAGE_SEARCH_ATTRIBUTE}]`);
  field?.focus();
  return field !== null;
}
