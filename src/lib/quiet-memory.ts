// Gives the heap's slack back to the system once a process has gone quiet after load. Under load V8 lets the
// heap grow well past the live data between collections, and keeps those pages when the load ends: measured on
// the server after a load, RSS stayed where the load left it over a minute of quiet (V8's own memory reducer does
// not run in a Node.js server). A memory-reducing collection, the one V8 makes on a low-memory notification,
// returns them: the heap went from 92 to 44 MB and RSS from 195 to 144 MB, the size of a fresh server. It stops the
// event loop for tens of milliseconds, so it runs only after a whole interval in which the loop was nearly idle.
// The C allocator's free pages are given back after it (lib/native-heap.ts). See docs/decisions.md, Performance.
import { Session } from 'node:inspector/promises';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import v8 from 'node:v8';
import { trimNativeHeap } from './native-heap.js';

export interface QuietMemoryOptions {
  /** How often the process is looked at; a release needs one whole quiet interval. */
  intervalMs: number;
  /** The share of an interval the event loop may have worked and still count as quiet. */
  quietUtilization: number;
  /**
   * The share above which an interval counts as work. Between the two an interval counts as neither, so that a
   * steady light load does not alternate between them and collect again and again.
   */
  workUtilization: number;
  /**
   * How far the heap must have grown past its size after the last release for another to be worth a stop. Not
   * the heap beyond its used part: that counts garbage not yet collected as used, and is small just when a
   * collection is due.
   */
  minimumGrowthBytes: number;
}

export const QUIET_MEMORY_DEFAULTS: QuietMemoryOptions = {
  intervalMs: 5000,
  // An idle server with its worker is busy about 2% of the time (the webhook dispatcher's polls on PostgreSQL).
  quietUtilization: 0.05,
  workUtilization: 0.1,
  minimumGrowthBytes: 16 * 1024 * 1024,
};

export interface QuietMemoryProbe {
  /** The event loop's utilization since the previous call (0 to 1). */
  utilization(): number;
  /** The heap's committed size in bytes. */
  heapBytes(): number;
  /** Collects all the garbage it can and gives freed pages back to the system. */
  release(): Promise<void>;
}

/** A memory-reducing full collection, asked of V8 through an in-process inspector session (no port is opened). */
export async function collectAllGarbage(): Promise<void> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.collectGarbage');
  } finally {
    session.disconnect();
  }
}

function processProbe(): QuietMemoryProbe {
  let previous: EventLoopUtilization = performance.eventLoopUtilization();
  return {
    utilization() {
      const now = performance.eventLoopUtilization();
      const since = performance.eventLoopUtilization(now, previous);
      previous = now;
      return since.utilization;
    },
    heapBytes: () => v8.getHeapStatistics().total_heap_size,
    async release() {
      // The collection first: it frees the native memory that collected objects held (buffers, say).
      await collectAllGarbage();
      await trimNativeHeap();
    },
  };
}

/**
 * Decides, interval by interval, when to release: after the process has worked (an interval above the work
 * share) and then stayed quiet for a whole interval, once, if the heap has grown enough since the last release.
 * A process that never goes quiet keeps its working heap; one that stays quiet is not collected again and again.
 */
export class QuietMemoryRelease {
  private workedSinceRelease = false;
  private releasing = false;
  /** The heap's size after the last release; none yet: the first spell of work is always followed by one. */
  private releasedTo = 0;

  constructor(
    private readonly probe: QuietMemoryProbe,
    private readonly options: QuietMemoryOptions = QUIET_MEMORY_DEFAULTS,
    private readonly onReleased: (beforeBytes: number, afterBytes: number) => void = () => undefined,
  ) {}

  /** One interval's look; true when it released. */
  async tick(): Promise<boolean> {
    if (this.releasing) return false;
    const utilization = this.probe.utilization();
    if (utilization > this.options.workUtilization) this.workedSinceRelease = true;
    if (utilization > this.options.quietUtilization || !this.workedSinceRelease) return false;
    const before = this.probe.heapBytes();
    if (before - this.releasedTo < this.options.minimumGrowthBytes) return false;
    this.workedSinceRelease = false;
    this.releasing = true;
    try {
      await this.probe.release();
    } finally {
      this.releasing = false;
    }
    this.releasedTo = this.probe.heapBytes();
    this.onReleased(before, this.releasedTo);
    return true;
  }
}

interface QuietMemoryLog {
  debug(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

/** Starts looking at this process every interval; the returned function stops it. The timer keeps no process alive. */
export function releaseMemoryWhenQuiet(log: QuietMemoryLog, options: QuietMemoryOptions = QUIET_MEMORY_DEFAULTS): () => void {
  const release = new QuietMemoryRelease(processProbe(), options, (before, after) =>
    log.debug(
      { heap_mb_before: megabytes(before), heap_mb_after: megabytes(after), rss_mb_after: megabytes(process.memoryUsage.rss()) },
      'gave the heap back after a quiet interval',
    ),
  );
  const timer = setInterval(() => {
    release.tick().catch((err: unknown) => log.warn({ err }, 'could not give the heap back'));
  }, options.intervalMs).unref();
  return () => clearInterval(timer);
}
