import koffi from 'koffi';
import { describe, expect, it } from 'vitest';
import { trimNativeHeap } from './native-heap.js';

const MB = 1024 * 1024;

/** Whether this process runs on glibc, which Node.js's diagnostic report names (CI does: Debian). */
function runsOnGlibc(): boolean {
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  return report.header?.glibcVersionRuntime !== undefined;
}

describe('giving the C allocator’s free memory back', () => {
  it('returns the free pages that glibc keeps inside its pools, and does nothing on another C library', async () => {
    if (!runsOnGlibc()) {
      expect(await trimNativeHeap()).toBe(false);
      return;
    }
    const libc = koffi.load('libc.so.6');
    const malloc = libc.func('void *malloc(size_t size)');
    const free = libc.func('void free(void *ptr)');
    const memset = libc.func('void *memset(void *s, int c, size_t n)');

    // 64 MB in small blocks, written so that their pages are resident, then all freed but the last: the free
    // memory lies below a block still in use, where glibc's own trimming of the pool's top cannot reach it.
    const blocks = Array.from({ length: 64 * 1024 }, () => {
      const block: unknown = malloc(1000);
      memset(block, 1, 1000);
      return block;
    });
    const last = blocks.pop();
    for (const block of blocks) free(block);
    const before = process.memoryUsage.rss();

    expect(await trimNativeHeap()).toBe(true);
    expect(process.memoryUsage.rss()).toBeLessThan(before - 32 * MB);
    free(last);
  });
});
