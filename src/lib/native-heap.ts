// Gives the C allocator's free memory back to the system. glibc keeps what a process frees in its pools (arenas)
// and returns on its own only what lies at the top of a pool: a server held after a benchmark run, its
// heap already released, had 199 MB, and glibc's `malloc_trim(0)` brought it to 165 MB at once. Node.js neither
// calls it nor offers a way to, so it is called through koffi, a foreign-function library that installs only its
// own platform's binary. The call runs on a thread of koffi's, not the event loop's: glibc trims pool after pool,
// which took about 20 ms on a server after the benchmark and 374 ms in a process fragmented on purpose.
// See docs/decisions.md, Performance.
import type { KoffiFunc } from 'koffi';

type MallocTrim = KoffiFunc<(pad: number) => number>;

let loading: Promise<MallocTrim | undefined> | undefined;

/** glibc's `malloc_trim`, or nothing where the C library is another (musl, macOS, Windows) or koffi has no binary. */
async function loadMallocTrim(): Promise<MallocTrim | undefined> {
  if (process.platform !== 'linux') return undefined;
  try {
    const koffi = await import('koffi');
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as MallocTrim;
  } catch {
    return undefined;
  }
}

/** Returns the free pages of every allocator pool to the system; false where this C library cannot. */
export async function trimNativeHeap(): Promise<boolean> {
  loading ??= loadMallocTrim();
  const mallocTrim = await loading;
  if (!mallocTrim) return false;
  await new Promise<void>((resolve, reject) => {
    mallocTrim.async(0, (err) => (err ? reject(err as Error) : resolve()));
  });
  return true;
}
