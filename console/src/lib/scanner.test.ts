import { describe, expect, it } from 'vitest';
import { createScanDetector, SCAN_TIMING } from './scanner';

/** Feeds `text` with `gap` ms between keys from `start`, then Enter after `enterGap` ms; the detector's answer to Enter. */
function type(detector: ReturnType<typeof createScanDetector>, text: string, gap: number, start = 0, enterGap = gap) {
  let time = start;
  for (const key of text) {
    expect(detector.key({ key, time })).toBeNull();
    time += gap;
  }
  return detector.key({ key: 'Enter', time: time - gap + enterGap });
}

describe('telling a scanner from a person', () => {
  it('takes a burst of keys a few milliseconds apart, ended by Enter, as a scan of that code', () => {
    expect(type(createScanDetector(), '5901234123457', 5)).toBe('5901234123457');
    expect(type(createScanDetector(), 'HNG-7', 20)).toBe('HNG-7');
  });

  it('takes keys typed by hand, then Enter, as no scan', () => {
    expect(type(createScanDetector(), 'drill', 120)).toBeNull();
    // Fast for a person (150 words a minute), still far slower than a scanner.
    expect(type(createScanDetector(), 'drill', 80)).toBeNull();
  });

  it('wants a few characters: three quick keys and Enter are no scan', () => {
    expect(type(createScanDetector(), 'abc', 5)).toBeNull();
    expect(createScanDetector().key({ key: 'Enter', time: 0 })).toBeNull();
  });

  it('starts again after a pause, so that slow typing before a scan does not spoil it', () => {
    const detector = createScanDetector();
    type(detector, 'abcd', 300);
    // The hand-typed keys are forgotten at the pause; the burst that follows is the scan.
    expect(type(detector, 'SKU-42', 4, 2000)).toBe('SKU-42');
  });

  it('takes a burst with a late Enter as no scan', () => {
    expect(type(createScanDetector(), 'SKU-42', 4, 0, SCAN_TIMING.maxGapMs + 50)).toBeNull();
  });

  it('lets Shift pass between characters, and breaks the burst on a shortcut', () => {
    const detector = createScanDetector();
    detector.key({ key: 'A', time: 0 });
    detector.key({ key: 'Shift', time: 3 });
    detector.key({ key: 'B', time: 5 });
    detector.key({ key: 'C', time: 10 });
    detector.key({ key: 'D', time: 12 });
    expect(detector.key({ key: 'Enter', time: 14 })).toBe('ABCD');

    detector.key({ key: 'A', time: 100 });
    detector.key({ key: 'k', command: true, time: 102 });
    detector.key({ key: 'B', time: 104 });
    detector.key({ key: 'C', time: 106 });
    detector.key({ key: 'D', time: 107 });
    expect(detector.key({ key: 'Enter', time: 108 })).toBeNull();
  });

  it('forgets a burst after Enter and on reset', () => {
    const detector = createScanDetector();
    expect(type(detector, 'ABCD', 5)).toBe('ABCD');
    expect(detector.key({ key: 'Enter', time: 20 })).toBeNull();
    for (const [index, key] of ['W', 'X', 'Y', 'Z'].entries()) detector.key({ key, time: 30 + index * 2 });
    detector.reset();
    expect(detector.key({ key: 'Enter', time: 40 })).toBeNull();
  });

  it('takes no code with spaces at its ends', () => {
    expect(type(createScanDetector(), ' ABCD', 5)).toBeNull();
  });
});
