// Telling a barcode scanner from a person at the keyboard. A scanner "types" its code as a burst of keys a few
// milliseconds apart and ends it with Enter; a person types far slower, so a burst of at least `minLength`
// characters whose keys came on average `meanGapMs` apart or faster, ended by Enter, is a scan. A pause longer
// than `maxGapMs` starts a new burst (what was typed before it was a person's). Pure: the time is passed in.

export interface ScanTiming {
  /** Shortest code a scan carries. */
  minLength: number;
  /** The slowest a scanner's keys come on average. Typing by hand is several times slower. */
  meanGapMs: number;
  /** A longer pause between two keys (or before Enter) ends the burst. */
  maxGapMs: number;
}

/**
 * Scanners send a key every 1 to 20 ms (a busy page may take a few tens of ms over each); a quick typist
 * averages 80 ms or more (150 words a minute), and 60 ms would be 200. Codes are 4 characters or longer, so that
 * a short word typed fast and ended by Enter is not taken for one.
 */
export const SCAN_TIMING: ScanTiming = { minLength: 4, meanGapMs: 60, maxGapMs: 150 };

export interface ScanKey {
  /** `KeyboardEvent.key`: one character, or a named key ('Enter', 'Shift', …). */
  key: string;
  /** A modifier that makes the key a shortcut rather than a character (Ctrl, Alt, Meta). */
  command?: boolean;
  /** Milliseconds, from any fixed origin. */
  time: number;
}

interface Burst {
  chars: string;
  first: number;
  last: number;
}

/** Feeds keys one by one; `key` answers the scanned code when Enter ends a scanner's burst, else null. */
export function createScanDetector(timing: ScanTiming = SCAN_TIMING) {
  let burst: Burst | null = null;
  return {
    key({ key, command = false, time }: ScanKey): string | null {
      if (burst && time - burst.last > timing.maxGapMs) burst = null;
      if (key === 'Enter') {
        const ended = burst;
        burst = null;
        return ended && isScan(ended, timing) ? ended.chars : null;
      }
      // Shift (for capitals) and the like come between a scanner's characters; they neither add nor break.
      if (key.length !== 1) return null;
      if (command) {
        burst = null;
        return null;
      }
      burst = burst
        ? { chars: burst.chars + key, first: burst.first, last: time }
        : { chars: key, first: time, last: time };
      return null;
    },
    reset() {
      burst = null;
    },
  };
}

function isScan(burst: Burst, timing: ScanTiming): boolean {
  const code = burst.chars.trim();
  if (code.length < timing.minLength || code !== burst.chars) return false;
  const meanGap = (burst.last - burst.first) / (burst.chars.length - 1);
  return meanGap <= timing.meanGapMs;
}
