// The worker's import loop: claims an open job, checks its file (validating), then imports its rows (running) in
// short batches, each one transaction that also records the runs of rows it did and adds to the job's counts. A
// worker killed mid-import leaves exactly the committed batches' runs recorded; whoever claims the job next
// (after its lease runs out) reads the file again, skips those rows and goes on, so no row is imported twice or
// lost. Each row runs in a savepoint: a refused row is undone alone and reported, the batch goes on. An importer
// that writes many rows at once (`importMany`: new products) takes groups of rows in one savepoint, each group
// sized to end the batch on time; a group that fails as a whole has its rows imported one at a time instead.
// A job keeps the reasons of its first refused rows only, and stops when too many of its rows are refused
// (refusal-limits.ts).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, ServiceUnavailableError, ValidationError } from '../../core/errors.js';
import { uniqueViolation } from '../../db/errors.js';
import { engineOf } from '../../db/dialect.js';
import { releaseSavepoint, rollbackToSavepoint, savepoint } from '../../db/savepoints.js';
import { inTransaction, joiningTransaction, type Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import { runInContext, type WorkContext } from '../../lib/work-context.js';
import type { DocumentStorage } from '../documents/storage/document-storage.js';
import type { EventRecorder } from '../events/event-recorder.js';
import { asJob } from '../../lib/job-runs.js';
import { csvReader, CsvFileError, type CsvRow } from './csv-rows.js';
import { RowQueue } from './row-queue.js';
import { importResource } from './import.presenter.js';
import type { BatchProgress, ImportJob, ImportRepository, ImportRowError } from './import.repository.js';
import { listedRefusals, tooManyRefusals, tooManyRefusalsMessage, type RefusalLimits } from './refusal-limits.js';
import {
  problemsOf,
  RowRefusedError,
  type RowContext,
  type RowImporter,
  type RowOutcome,
  type RowProblem,
} from './importers/row-importer.js';

/** Rows one batch takes at most, and how long it may run: the database is held for the batch (SQLite's one writer). */
export const BATCH_MAX_ROWS = 500;
export const BATCH_MAX_MS = 40;
/** Rows an importer that writes many at once (`importMany`) is given together: whole chunks, up to this many rows. */
const GROUP_ROWS = 128;
/** How long the requests waiting between two batches may have the event loop, and a turn that shows none wait. */
const YIELD_MAX_MS = 20;
const IDLE_TURN_MS = 0.2;
/** Rows read ahead into one chunk, and chunks read ahead of the batches. */
const CHUNK_ROWS = 16;
const QUEUED_CHUNKS = 64;
/**
 * Batches one job runs at once on PostgreSQL, each on a connection of its own: a row there is a dozen round
 * trips, which a single batch would wait out one after the other. One on SQLite, whose one connection writes.
 */
export const PARALLEL_LANES = 4;
/** How often an idle runner looks for a job that another process queued. */
const POLL_MS = 1000;
/** The longest value kept for a refused cell in the error report. */
const MAX_REPORTED_VALUE = 500;

export interface ImportRunnerDeps {
  db: Executor;
  jobs: ImportRepository;
  storage: DocumentStorage;
  importers: Readonly<Record<ImportJob['type'], RowImporter>>;
  events: EventRecorder;
  clock: Clock;
  newId: IdGenerator;
  leaseMs: number;
  refusalLimits: RefusalLimits;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Rows this process's runners have imported, committed batches only (`import_rows_total` on /metrics). */
  counts?: ImportCounts;
}

export interface ImportCounts {
  rows: number;
}

/** Why a job stops before its end: it was cancelled, or another worker took it over. */
class JobLost extends Error {}

/** A job ends early because too many of its rows were refused. */
class TooManyRefusals extends Error {}

/** The work context of a job: its writes are recorded in the audit log as the actor's who started it. */
function contextOf(job: ImportJob): WorkContext {
  const actor = {
    type: job.actor_type,
    user_id: job.actor_user_id,
    token_id: job.actor_token_id,
    name: job.actor_name,
  };
  return { request_id: null, ip: null, actor: () => actor, tenant_id: () => job.tenant_id };
}

/** A worker's loop (src/worker.ts starts and stops it with the others). */
export class ImportRunner {
  readonly workerId: string;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopping = false;

  constructor(private readonly deps: ImportRunnerDeps) {
    this.workerId = `import-${deps.newId()}`;
  }

  start(): void {
    this.stopping = false;
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
    this.wake();
  }

  /** Looks for a job now (a job queued by this process need not wait for the poll). */
  wake(): void {
    if (this.running || this.stopping || !this.timer) return;
    this.running = this.drain().finally(() => (this.running = null));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs claimable jobs one after another until none is left, or the runner stops (which claims no more). */
  async drain(): Promise<void> {
    try {
      for (let job = await this.claim(); job; job = this.stopping ? undefined : await this.claim()) await this.run(job);
    } catch (error) {
      this.deps.log.error({ err: error }, 'import runner failed');
    }
  }

  private claim() {
    return this.deps.jobs.claim(this.deps.db, this.workerId, this.deps.clock.now(), this.deps.leaseMs);
  }

  /** Runs one claimed job to its end, or until it is cancelled, lost or the runner stops. */
  async run(job: ImportJob): Promise<void> {
    const importer = this.deps.importers[job.type];
    try {
      await runInContext(contextOf(job), async () => {
        let current = job;
        if (current.status !== 'running') current = await this.validate(current, importer);
        await this.importRows(current, importer);
      });
    } catch (error) {
      if (error instanceof JobLost) return;
      if (error instanceof TooManyRefusals) {
        // Told from the counts once every batch has ended: batches running beside the one that stopped the job
        // (PostgreSQL) may have added to them.
        const counted = await this.deps.jobs.find(this.deps.db, job.tenant_id, job.id);
        if (counted) await this.end(job, 'too_many_errors', tooManyRefusalsMessage(this.deps.refusalLimits, counted));
        return;
      }
      if (error instanceof CsvFileError) {
        await this.end(job, 'failed', error.message);
        return;
      }
      this.deps.log.error({ err: error, import_id: job.id }, 'import failed');
      await this.end(
        job,
        'failed',
        'The import stopped on an unexpected error; the rows counted as done were imported. Start a new import for the rest.',
      );
    }
  }

  /** Checks the header and counts the rows; a file that is not usable CSV fails the job before any row is written. */
  private async validate(job: ImportJob, importer: RowImporter): Promise<ImportJob> {
    await this.advance(job, { status: 'validating' as const });
    const reader = csvReader(await this.deps.storage.open(job.file_key));
    const header = await reader.header();
    const problems = importer.headerProblems(header);
    if (problems.length > 0) throw new CsvFileError(problems.join(' '));
    let total = 0;
    for await (const row of reader.rows()) total = row.number - 1;
    const started = { status: 'running' as const, rows_total: total, started_at: this.deps.clock.now().toISOString() };
    await this.advance(job, started);
    return { ...job, ...started };
  }

  private async advance(job: ImportJob, changes: Parameters<ImportRepository['advance']>[3]): Promise<void> {
    const held = await this.deps.jobs.advance(
      this.deps.db,
      job.id,
      this.workerId,
      changes,
      this.deps.clock.now(),
      this.deps.leaseMs,
    );
    if (!held) throw new JobLost();
  }

  /**
   * Imports the rows no committed batch has done: a reader fills a bounded queue with chunks of consecutive rows,
   * and `lanes` batch loops take them, each batch one transaction.
   */
  private async importRows(job: ImportJob, importer: RowImporter): Promise<void> {
    // Rows come in order: one pass over the done runs, sorted, answers whether each was done.
    const done = (await this.deps.jobs.doneRuns(this.deps.db, job.id)).sort((a, b) => a.first_row - b.first_row);
    let next = 0;
    const isDone = (row: number) => {
      while (next < done.length && done[next]!.last_row < row) next += 1;
      return next < done.length && done[next]!.first_row <= row;
    };
    const queue = new RowQueue(QUEUED_CHUNKS);
    const memo = new Map<string, string>();
    const pace = new GroupPace();
    const lanes = importer.inFileOrder || engineOf(this.deps.db) === 'sqlite' ? 1 : PARALLEL_LANES;
    let stop: unknown = null;
    /** Whether `row` belongs to the same unit as `previous` (importer.groupKey), which a chunk may not split. */
    const sameUnit = (previous: CsvRow, row: CsvRow) => {
      const key = importer.groupKey?.(previous.cells) ?? null;
      return key !== null && key === importer.groupKey!(row.cells);
    };
    const read = async () => {
      const reader = csvReader(await this.deps.storage.open(job.file_key));
      const chunk: CsvRow[] = [];
      for await (const row of reader.rows()) {
        if (stop !== null || this.stopping) break;
        if (isDone(row.number)) continue;
        // A chunk is a run of consecutive rows, ended by a row done earlier, and of CHUNK_ROWS rows unless a unit
        // (groupKey) goes on past them.
        const last = chunk.at(-1);
        if (last && last.number !== row.number - 1) await queue.push(chunk.splice(0));
        else if (last && chunk.length >= CHUNK_ROWS && !sameUnit(last, row)) await queue.push(chunk.splice(0));
        chunk.push(row);
      }
      if (chunk.length > 0) await queue.push(chunk);
      queue.close();
    };
    const lane = async () => {
      try {
        while (stop === null && !this.stopping && (await this.batch(job, importer, queue, memo, pace)));
      } catch (error) {
        stop ??= error;
      }
      // Stopped early (an error, the runner stopping): the reader may be waiting for room in the queue; let it go.
      if (stop !== null || this.stopping) queue.close();
    };
    await Promise.all([
      read().catch((error: unknown) => ((stop ??= error), queue.close())),
      ...Array.from({ length: lanes }, lane),
    ]);
    if (stop !== null) throw stop;
    // Stopping (a deploy): the job is left for the next worker, at once rather than when the lease runs out.
    if (this.stopping) return void (await this.deps.jobs.release(this.deps.db, job.id, this.workerId));
    await this.end(job, 'completed', null);
  }

  /**
   * One batch: rows from the queue's front for at most BATCH_MAX_ROWS rows or BATCH_MAX_MS, in one transaction
   * with the job's progress; the rest of a chunk it stopped in goes back. A dry run undoes the rows' writes
   * before it commits the progress. Then gives the event loop a turn, so requests waiting for the database go
   * first (on SQLite, the next batch's transaction also waits its turn after the checkpoints, which start a long
   * log over: `checkpointInBackground`). False when the queue is done.
   * @throws JobLost when the job was cancelled or taken over; TooManyRefusals, after its commit, when the job's
   * counts show too many refused rows.
   */
  private async batch(
    job: ImportJob,
    importer: RowImporter,
    queue: RowQueue,
    memo: Map<string, string>,
    pace: GroupPace,
  ): Promise<boolean> {
    const first = await queue.take();
    if (!first) return false;
    const taken = [first];
    /** How many rows of each taken chunk the batch reached (a prefix of each). */
    let reached: number[] = [];
    let tooMany = false;
    try {
      if (!(await this.deps.jobs.held(this.deps.db, job.id, this.workerId))) throw new JobLost();
      const started = performance.now();
      let committedRows = 0;
      const attributes = { 'quartermaster.import_id': job.id, 'quartermaster.tenant_id': job.tenant_id };
      await asJob('import batch', attributes, () =>
        inTransaction(this.deps.db, async (trx) => {
          reached = [];
          const progress: BatchProgress = { runs: [], rows: 0, created: 0, updated: 0, unchanged: 0, failed: 0 };
          /** Each refused row's reasons, in the order the rows were done. */
          const refused: ImportRowError[][] = [];
          const full = () =>
            progress.rows >= BATCH_MAX_ROWS || (progress.rows > 0 && performance.now() - started > BATCH_MAX_MS);
          if (job.dry_run) await savepoint(trx, 'import_dry_run');
          const count = (row: CsvRow, outcome: RowOutcome | RowProblem[]) => {
            progress.rows += 1;
            if (Array.isArray(outcome)) {
              progress.failed += 1;
              refused.push(outcome.map((problem) => reported(row, problem)));
            } else {
              progress[outcome] += 1;
            }
          };
          const reach = (chunk: CsvRow[], rows: number) => {
            reached.push(rows);
            if (rows > 0) progress.runs.push({ first: chunk[0]!.number, last: chunk[rows - 1]!.number });
          };
          /** The i-th chunk of the batch: one taken already, else (time left) the next one the reader has ready. */
          const chunkAt = (i: number) => {
            if (i === taken.length) {
              const next = queue.takeReady();
              if (next) taken.push(next);
            }
            return taken[i];
          };
          await joiningTransaction(trx, async () => {
            const context = { trx, tenantId: job.tenant_id, mode: job.mode, userId: job.actor_user_id, memo };
            for (let i = 0; !full() && chunkAt(i);) {
              if (importer.importMany) {
                const first = i;
                const wanted = pace.rowsWithin(BATCH_MAX_MS - (performance.now() - started));
                for (let size = 0; size < wanted && chunkAt(i); i += 1) size += taken[i]!.length;
                const group = taken.slice(first, i);
                const rows = group.flat();
                const groupStarted = performance.now();
                (await this.importGroup(job, context, importer, rows)).forEach((outcome, k) =>
                  count(rows[k]!, outcome),
                );
                pace.took(performance.now() - groupStarted, rows.length);
                for (const chunk of group) reach(chunk, chunk.length);
              } else {
                const chunk = taken[i]!;
                let rows = 0;
                for (; rows < chunk.length && !full(); rows += 1)
                  count(chunk[rows]!, await this.importRow(context, importer, chunk[rows]!));
                reach(chunk, rows);
                i += 1;
              }
            }
          });
          if (job.dry_run) await rollbackToSavepoint(trx, 'import_dry_run');
          const counted = await this.deps.jobs.addProgress(
            trx,
            job,
            this.workerId,
            progress,
            this.deps.clock.now(),
            this.deps.leaseMs,
          );
          if (!counted) throw new JobLost();
          const listed = listedRefusals(
            this.deps.refusalLimits,
            counted.failed_count - progress.failed,
            refused.length,
          );
          await this.deps.jobs.addRefusals(
            trx,
            job,
            refused.slice(0, listed).flat(),
            refused.length - listed,
            this.deps.newId,
          );
          tooMany = tooManyRefusals(this.deps.refusalLimits, counted);
          committedRows = progress.rows;
        }),
      );
      if (this.deps.counts && !job.dry_run) this.deps.counts.rows += committedRows;
    } catch (error) {
      // Rolled back: every row taken goes back in front, in order, for whoever goes on.
      reached = [];
      throw error;
    } finally {
      for (let i = taken.length - 1; i >= 0; i -= 1) queue.putBack(taken[i]!.slice(reached[i] ?? 0));
    }
    if (tooMany) throw new TooManyRefusals();
    await yieldToRequests();
    return true;
  }

  /**
   * Rows imported together (`importMany`) in a savepoint; then the rows it left, or all of them when the group
   * failed as a whole (a key that a concurrent write took, say), one at a time as `importRow` does; the log tells
   * of that slower path.
   */
  private async importGroup(
    job: ImportJob,
    context: RowContext,
    importer: RowImporter,
    rows: readonly CsvRow[],
  ): Promise<Array<RowOutcome | RowProblem[]>> {
    const outcomes = rows.map((row): RowOutcome | RowProblem[] | undefined =>
      row.shapeError ? [{ column: null, message: row.shapeError }] : undefined,
    );
    const readable = rows.filter((_, k) => outcomes[k] === undefined);
    const { trx } = context;
    await savepoint(trx, 'import_group');
    try {
      const answers = await importer.importMany!(
        readable.map((row) => row.cells),
        context,
      );
      await releaseSavepoint(trx, 'import_group');
      let next = 0;
      for (const k of outcomes.keys()) if (outcomes[k] === undefined) outcomes[k] = answers[next++];
    } catch (error) {
      await rollbackToSavepoint(trx, 'import_group');
      await releaseSavepoint(trx, 'import_group');
      const [first, last] = [rows[0]!.number, rows.at(-1)!.number];
      this.deps.log.info(
        { err: error, import_id: job.id, rows: `${first}-${last}` },
        'import rows refused as a group; importing them one at a time',
      );
    }
    for (const [k, row] of rows.entries()) outcomes[k] ??= await this.importRow(context, importer, row);
    return outcomes as Array<RowOutcome | RowProblem[]>;
  }

  /** One row in a savepoint of its own: its outcome, or the problems that refused it (its writes undone). */
  private async importRow(context: RowContext, importer: RowImporter, row: CsvRow) {
    if (row.shapeError) return [{ column: null, message: row.shapeError }];
    const { trx } = context;
    await savepoint(trx, 'import_row');
    try {
      const outcome = await importer.importRow(row.cells, context);
      await releaseSavepoint(trx, 'import_row');
      return outcome;
    } catch (error) {
      await rollbackToSavepoint(trx, 'import_row');
      await releaseSavepoint(trx, 'import_row');
      const problems = refusal(error, importer);
      if (!problems) throw error;
      return problems;
    }
  }

  /** Ends a job the runner holds, with the import.completed event of a completed one, and removes its file. */
  private async end(
    job: ImportJob,
    status: 'completed' | 'failed' | 'too_many_errors',
    error: string | null,
  ): Promise<void> {
    const ended = await inTransaction(this.deps.db, async (trx) => {
      const finished = await this.deps.jobs.finish(trx, job.id, status, error, this.deps.clock.now(), this.workerId);
      if (finished && status === 'completed') {
        await this.deps.events.record(trx, job.tenant_id, {
          type: 'import.completed',
          entityId: job.id,
          payload: importResource(finished),
        });
      }
      return finished;
    });
    if (!ended) return;
    await this.deps.storage
      .remove(job.file_key)
      .catch((err: unknown) => this.deps.log.warn({ err, import_id: job.id }, 'could not remove an import file'));
    this.deps.log.info(
      { import_id: job.id, status, rows: ended.rows_done, failed: ended.failed_count },
      'import ended',
    );
  }
}

/**
 * Gives the requests waiting on the event loop their turn between two batches: a request takes several turns
 * (its statements, its reply), so turns go on until one passes with nothing else to run, or for at most
 * YIELD_MAX_MS, which keeps the import going under a steady load of requests.
 */
async function yieldToRequests(): Promise<void> {
  const until = performance.now() + YIELD_MAX_MS;
  for (;;) {
    const turnStarted = performance.now();
    await nextTurn();
    const now = performance.now();
    if (now - turnStarted < IDLE_TURN_MS || now >= until) return;
  }
}

/**
 * How many rows a group may take so that its batch ends on time: a group cannot stop halfway, so it is sized
 * by the time rows of this import have taken so far (a moving average), between one chunk and GROUP_ROWS.
 */
class GroupPace {
  private msPerRow: number | null = null;

  rowsWithin(ms: number): number {
    if (this.msPerRow === null) return CHUNK_ROWS;
    return Math.min(GROUP_ROWS, Math.max(CHUNK_ROWS, Math.floor(ms / this.msPerRow)));
  }

  took(ms: number, rows: number): void {
    if (rows === 0) return;
    const sample = ms / rows;
    this.msPerRow = this.msPerRow === null ? sample : 0.7 * this.msPerRow + 0.3 * sample;
  }
}

/**
 * The problems of a refused row: the API's refusal (a 4xx: any kernel error but a busy database) or a taken key;
 * null for anything else (a failure of the job).
 */
function refusal(error: unknown, importer: RowImporter): RowProblem[] | null {
  if (error instanceof RowRefusedError) return [...error.problems];
  if (error instanceof ValidationError) return problemsOf(error.errors, (field) => importer.columnOf(field));
  if (error instanceof AppError && !(error instanceof ServiceUnavailableError))
    return [{ column: null, message: error.message }];
  const unique = uniqueViolation(error);
  if (unique)
    return [
      {
        column: null,
        message: `Another record already has this ${unique.columns.filter((c) => c !== 'tenant_id').join(', ') || 'key'}.`,
      },
    ];
  return null;
}

function reported(row: CsvRow, problem: RowProblem): ImportRowError {
  const value = problem.column === null ? null : (row.cells[problem.column] ?? null);
  return {
    row_number: row.number,
    column_name: problem.column,
    value: value === null ? null : value.slice(0, MAX_REPORTED_VALUE),
    message: problem.message,
  };
}
