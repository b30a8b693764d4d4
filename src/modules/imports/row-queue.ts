// The rows between an import's reader and its batches: chunks of consecutive rows, bounded so that the reader
// waits while the batches are behind (the file is never held whole). A batch that stops inside a chunk puts the
// rest back in front, so every chunk stays a run of consecutive rows: what a batch records as done.
import type { CsvRow } from './csv-rows.js';

export class RowQueue {
  private readonly chunks: CsvRow[][] = [];
  private closed = false;
  /** Takers and the giver waiting for a change; each looks again when woken. */
  private waiting: Array<() => void> = [];

  /** `capacity`: chunks held before `push` waits. */
  constructor(private readonly capacity: number) {}

  /** Adds a chunk at the back, once there is room (or the queue was closed: then it is dropped). */
  async push(chunk: CsvRow[]): Promise<void> {
    while (this.chunks.length >= this.capacity && !this.closed) await this.change();
    if (this.closed) return;
    this.chunks.push(chunk);
    this.changed();
  }

  /** Puts the rest of a chunk back in front, to be taken next. */
  putBack(chunk: CsvRow[]): void {
    if (chunk.length === 0) return;
    this.chunks.unshift(chunk);
    this.changed();
  }

  /** The next chunk; waits while the reader goes on; null once the queue is closed and empty. */
  async take(): Promise<CsvRow[] | null> {
    for (;;) {
      const chunk = this.takeReady();
      if (chunk || this.closed) return chunk;
      await this.change();
    }
  }

  /** The next chunk if one is waiting, without waiting for the reader. */
  takeReady(): CsvRow[] | null {
    const chunk = this.chunks.shift() ?? null;
    if (chunk) this.changed();
    return chunk;
  }

  /** No more chunks will come: takers drain what is left, then get null; a waiting reader is let go. */
  close(): void {
    this.closed = true;
    this.changed();
  }

  private change(): Promise<void> {
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private changed(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const wake of waiting) wake();
  }
}
