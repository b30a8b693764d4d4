// Import jobs and their refused rows. A worker claims a job for a lease and writes its progress only while it
// holds the lease, so a worker that lost its job (it stalled past the lease, another took over) cannot count
// rows twice.
import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Page, PageRequest } from '../../core/pagination.js';
import { engineOf } from '../../db/dialect.js';
import { paginate } from '../../db/paginate.js';
import type { DB, ImportErrorsTable, ImportJobsTable, ImportStatus, ImportType } from '../../db/schema.js';
import { inTransaction, type Executor } from '../../db/transaction.js';

export type ImportJob = Selectable<ImportJobsTable>;
export type NewImportJob = Insertable<ImportJobsTable>;
export type ImportRowError = Omit<Insertable<ImportErrorsTable>, 'id' | 'tenant_id' | 'import_id'>;

/** Statuses of a job that has not ended: a worker may still take it. */
export const OPEN_STATUSES: readonly ImportStatus[] = ['queued', 'validating', 'running'];

/** What one committed batch adds to a job. */
export interface BatchProgress {
  /** The runs of consecutive rows (the header is row 1) the batch imported or refused. */
  runs: Array<{ first: number; last: number }>;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export interface ImportFilters {
  status?: ImportStatus;
  type?: ImportType;
}

export class ImportRepository {
  async insert(db: Executor, job: NewImportJob): Promise<ImportJob> {
    return db.insertInto('import_jobs').values(job).returningAll().executeTakeFirstOrThrow();
  }

  async find(db: Executor, tenantId: string, id: string): Promise<ImportJob | undefined> {
    return db
      .selectFrom('import_jobs')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async list(db: Executor, tenantId: string, filters: ImportFilters, page: PageRequest): Promise<Page<ImportJob>> {
    let rows = db.selectFrom('import_jobs').selectAll().where('tenant_id', '=', tenantId);
    if (filters.status) rows = rows.where('status', '=', filters.status);
    if (filters.type) rows = rows.where('type', '=', filters.type);
    return paginate(db, rows.orderBy('created_at', 'desc').orderBy('id', 'desc'), page);
  }

  /**
   * Takes the oldest open job that no worker holds (or whose holder's lease ran out) for `workerId`. On
   * PostgreSQL `FOR UPDATE SKIP LOCKED` lets workers claim at once without taking the same job.
   */
  async claim(db: Executor, workerId: string, now: Date, leaseMs: number): Promise<ImportJob | undefined> {
    return inTransaction(db, async (trx) => {
      const at = now.toISOString();
      let open = trx
        .selectFrom('import_jobs')
        .select('id')
        .where('status', 'in', OPEN_STATUSES)
        .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', at)]))
        .orderBy('created_at')
        .orderBy('id')
        .limit(1);
      if (engineOf(trx) === 'postgres') open = open.forUpdate().skipLocked();
      const found = await open.executeTakeFirst();
      if (!found) return undefined;
      return trx
        .updateTable('import_jobs')
        .set({
          lease_owner: workerId,
          lease_expires_at: new Date(now.getTime() + leaseMs).toISOString(),
          updated_at: at,
        })
        .where('id', '=', found.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /** Lets another worker take the job at once (this one stops). */
  async release(db: Executor, id: string, workerId: string): Promise<void> {
    await db
      .updateTable('import_jobs')
      .set({ lease_owner: null, lease_expires_at: null })
      .where('id', '=', id)
      .where('lease_owner', '=', workerId)
      .execute();
  }

  /** Whether the job is running and still `workerId`'s: a batch looks before it starts its rows. */
  async held(db: Executor, id: string, workerId: string): Promise<boolean> {
    const row = await db
      .selectFrom('import_jobs')
      .select(['status', 'lease_owner'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.status === 'running' && row.lease_owner === workerId;
  }

  /** The row runs the job's committed batches have done: what a worker taking the job over skips. */
  async doneRuns(db: Executor, importId: string): Promise<Array<{ first_row: number; last_row: number }>> {
    return db
      .selectFrom('import_batches')
      .select(['first_row', 'last_row'])
      .where('import_id', '=', importId)
      .execute();
  }

  /** Moves a held job on (validating, running) and renews its lease. */
  async advance(
    db: Executor,
    id: string,
    workerId: string,
    changes: Partial<Pick<ImportJob, 'status' | 'rows_total' | 'started_at'>>,
    now: Date,
    leaseMs: number,
  ): Promise<boolean> {
    const result = await db
      .updateTable('import_jobs')
      .set({
        ...changes,
        lease_expires_at: new Date(now.getTime() + leaseMs).toISOString(),
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .where('lease_owner', '=', workerId)
      .where('status', 'in', OPEN_STATUSES)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Adds a batch's runs and counts to the job and renews its lease, in the batch's transaction, if the job is
   * still running and `workerId`'s: the job as it then is, or undefined (cancelled, taken over: the batch must
   * roll back). The job's row is locked from here to the commit, so concurrent batches wait for each other only
   * this long, and the counts it answers include exactly the batches committed before this one.
   */
  async addProgress(
    trx: Transaction<DB>,
    job: ImportJob,
    workerId: string,
    progress: BatchProgress,
    now: Date,
    leaseMs: number,
  ): Promise<ImportJob | undefined> {
    const updated = await trx
      .updateTable('import_jobs')
      .set((eb) => ({
        rows_done: eb('rows_done', '+', progress.rows),
        created_count: eb('created_count', '+', progress.created),
        updated_count: eb('updated_count', '+', progress.updated),
        unchanged_count: eb('unchanged_count', '+', progress.unchanged),
        failed_count: eb('failed_count', '+', progress.failed),
        lease_expires_at: new Date(now.getTime() + leaseMs).toISOString(),
        updated_at: now.toISOString(),
      }))
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('lease_owner', '=', workerId)
      .returningAll()
      .executeTakeFirst();
    if (!updated) return undefined;
    await trx
      .insertInto('import_batches')
      .values(
        progress.runs.map((run) => ({
          tenant_id: job.tenant_id,
          import_id: job.id,
          first_row: run.first,
          last_row: run.last,
        })),
      )
      .execute();
    return updated;
  }

  /** Keeps the reasons of a batch's listed refused rows, and counts those it does not list, in the batch's transaction. */
  async addRefusals(
    trx: Transaction<DB>,
    job: ImportJob,
    listed: readonly ImportRowError[],
    unlisted: number,
    ids: () => string,
  ): Promise<void> {
    if (listed.length > 0) {
      await trx
        .insertInto('import_errors')
        .values(listed.map((error) => ({ ...error, id: ids(), tenant_id: job.tenant_id, import_id: job.id })))
        .execute();
    }
    if (unlisted > 0) {
      await trx
        .updateTable('import_jobs')
        .set((eb) => ({ failed_unlisted_count: eb('failed_unlisted_count', '+', unlisted) }))
        .where('id', '=', job.id)
        .execute();
    }
  }

  /**
   * Ends a job (completed, failed or cancelled) and lets its lease go; undefined when it had already ended. Its
   * done runs, needed only to resume it, go with it.
   */
  async finish(
    db: Executor,
    id: string,
    status: ImportStatus,
    error: string | null,
    now: Date,
    workerId?: string,
  ): Promise<ImportJob | undefined> {
    return inTransaction(db, async (trx) => {
      const ended = await this.end(trx, id, status, error, now, workerId);
      if (ended) await trx.deleteFrom('import_batches').where('import_id', '=', id).execute();
      return ended;
    });
  }

  private end(db: Executor, id: string, status: ImportStatus, error: string | null, now: Date, workerId?: string) {
    let update = db
      .updateTable('import_jobs')
      .set({
        status,
        error,
        finished_at: now.toISOString(),
        updated_at: now.toISOString(),
        lease_owner: null,
        lease_expires_at: null,
      })
      .where('id', '=', id)
      .where('status', 'in', OPEN_STATUSES);
    if (workerId !== undefined) update = update.where('lease_owner', '=', workerId);
    return update.returningAll().executeTakeFirst();
  }

  /** The refused rows of a job in row order, a page at a time (the report streams them). */
  async errorsAfter(
    db: Executor,
    tenantId: string,
    importId: string,
    after: { row: number; id: string } | null,
    limit: number,
  ) {
    let query = db
      .selectFrom('import_errors')
      .select(['id', 'row_number', 'column_name', 'value', 'message'])
      .where('tenant_id', '=', tenantId)
      .where('import_id', '=', importId);
    if (after) {
      query = query.where((eb) =>
        eb.or([eb('row_number', '>', after.row), eb.and([eb('row_number', '=', after.row), eb('id', '>', after.id)])]),
      );
    }
    return query.orderBy('row_number').orderBy('id').limit(limit).execute();
  }
}
