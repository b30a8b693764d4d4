// The console's shortcuts, listened for on the whole page (app/shortcuts.ts says which key does what).
import { useEffect, useRef } from 'react';
import { isTypingTarget } from '../lib/typing-target';
import { focusPageSearch, shortcutOf } from './shortcuts';

export function useShortcuts({ openPalette, openHelp }: { openPalette: () => void; openHelp: () => void }) {
  const actions = useRef({ openPalette, openHelp });
  useEffect(() => {
    actions.current = { openPalette, openHelp };
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const shortcut = shortcutOf({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        typing: isTypingTarget(event.target),
      });
      // "/" and "?" belong to the screen, not to an open dialog.
      const inDialog = event.target instanceof Element && event.target.closest('[role="dialog"]') !== null;
      if (shortcut === 'palette') {
        event.preventDefault();
        actions.current.openPalette();
      } else if (inDialog) {
        return;
      } else if (shortcut === 'help') {
        event.preventDefault();
        actions.current.openHelp();
      } else if (shortcut === 'search' && focusPageSearch()) {
        event.preventDefault();
      }
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
