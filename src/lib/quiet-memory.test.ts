import v8 from 'node:v8';
import { describe, expect, it, vi } from 'vitest';
import { collectAllGarbage, QUIET_MEMORY_DEFAULTS, QuietMemoryRelease, type QuietMemoryProbe } from './quiet-memory.js';

const MB = 1024 * 1024;

/**
 * A probe that reports the given utilizations, one per interval, and a heap that each interval of work grows to
 * `growthMb` MB past its size after the last release (50 MB before any).
 */
function probe(utilizations: number[], growthMb = 40) {
  let floor = 50 * MB;
  let heap = floor;
  const release = vi.fn(async () => {
    heap = 52 * MB;
    floor = heap;
  });
  const utilization = () => {
    const next = utilizations.shift() ?? 0;
    if (next > QUIET_MEMORY_DEFAULTS.workUtilization) heap = floor + growthMb * MB;
    return next;
  };
  const fake: QuietMemoryProbe = { utilization, heapBytes: () => heap, release };
  return { fake, release };
}

async function ticks(release: QuietMemoryRelease, count: number): Promise<boolean[]> {
  const results: boolean[] = [];
  for (let i = 0; i < count; i += 1) results.push(await release.tick());
  return results;
}

describe('releasing the heap when the process goes quiet', () => {
  it('releases once, in the first quiet interval after work, and not again while it stays quiet', async () => {
    const { fake, release } = probe([0.9, 0.6, 0.04, 0, 0.03, 0]);
    const released = vi.fn();
    expect(await ticks(new QuietMemoryRelease(fake, QUIET_MEMORY_DEFAULTS, released), 6)).toEqual([false, false, true, false, false, false]);
    expect(release).toHaveBeenCalledTimes(1);
    expect(released).toHaveBeenCalledWith(90 * MB, 52 * MB);
  });

  it('never stops a process that has not worked since it started, or that never goes quiet', async () => {
    const idle = probe([0, 0, 0]);
    await ticks(new QuietMemoryRelease(idle.fake), 3);
    expect(idle.release).not.toHaveBeenCalled();
    const busy = probe([0.5, 0.3, 0.06, 0.4]);
    await ticks(new QuietMemoryRelease(busy.fake), 4);
    expect(busy.release).not.toHaveBeenCalled();
  });

  it('counts a steady light load as neither work nor quiet', async () => {
    const light = probe([0.08, 0.03, 0.07, 0.02, 0.09, 0.01]);
    await ticks(new QuietMemoryRelease(light.fake), 6);
    expect(light.release).not.toHaveBeenCalled();
  });

  it('releases again after the next spell of work', async () => {
    const { fake, release } = probe([0.5, 0, 0, 0.7, 0]);
    expect(await ticks(new QuietMemoryRelease(fake), 5)).toEqual([false, true, false, false, true]);
    expect(release).toHaveBeenCalledTimes(2);
  });

  it('leaves a heap that has grown little since the last release alone', async () => {
    const { fake, release } = probe([0.5, 0, 0.5, 0], 8);
    expect(await ticks(new QuietMemoryRelease(fake), 4)).toEqual([false, true, false, false]);
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('gives the pages of collected garbage back to the system', async () => {
    // Garbage as a load leaves it: made, used and dropped, its pages still committed to the heap.
    const made = () => Array.from({ length: 200_000 }, (_, i) => `${'x'.repeat(200)}${i}`).length;
    expect(made()).toBe(200_000);
    const grown = v8.getHeapStatistics().total_heap_size;
    await collectAllGarbage();
    expect(v8.getHeapStatistics().total_heap_size).toBeLessThan(grown - 20 * MB);
  });
});
