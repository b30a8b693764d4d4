// A barcode scanner's code wherever the screen takes one: in a field (the palette's search, a product picker),
// through `onKeyDown`, and, with `page`, anywhere on the screen that is not a field being typed in (a worker who
// has just tapped a button scans on). Enter that ends a scan is kept from doing anything else (picking a
// highlighted option, submitting a form, following a focused link).
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';
import { createScanDetector } from './scanner';
import { isTypingTarget } from './typing-target';

interface Options {
  /** Off while the screen cannot take a scan (no warehouse chosen yet). */
  enabled?: boolean;
  /**
   * Listen on the whole page too. Keys typed into a field are that field's; keys inside a dialog are the
   * dialog's, unless `within` is that dialog.
   */
  page?: boolean;
  /** Where the page listener takes keys: this element only (a dialog's content). */
  within?: RefObject<HTMLElement | null>;
}

/** The key as the detector takes it, timed when it was pressed (not when a busy page got round to it). */
function keyOf(event: KeyboardEvent | ReactKeyboardEvent) {
  return { key: event.key, command: event.ctrlKey || event.metaKey || event.altKey, time: event.timeStamp };
}

export function useScanner(onScan: (code: string) => void, { enabled = true, page = false, within }: Options = {}) {
  const field = useRef(createScanDetector());
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  });

  useEffect(() => {
    if (!enabled || !page) return;
    const detector = createScanDetector();
    const listener = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const inside = within ? Boolean(target && within.current?.contains(target)) : !target?.closest('[role="dialog"]');
      // A field with a scanner of its own has handled its Enter already.
      if (!inside || isTypingTarget(target) || event.defaultPrevented) {
        detector.reset();
        return;
      }
      const code = detector.key(keyOf(event));
      if (code === null) return;
      event.preventDefault();
      latest.current(code);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled, page, within]);

  return {
    /** For a field that takes scans: the scanned code goes to `onScan`, and its Enter no further. */
    onKeyDown: (event: ReactKeyboardEvent<HTMLElement>) => {
      if (!enabled) return;
      const code = field.current.key(keyOf(event));
      if (code === null) return;
      event.preventDefault();
      event.stopPropagation();
      latest.current(code);
    },
  };
}
