// Import jobs as the API sees them: an upload becomes a queued job whose file waits in the document storage for
// a worker (import-runner.ts); a job is read, listed, cancelled, and its refused rows read back as a CSV report.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { BusinessRuleError, NotFoundError, ValidationError } from '../../core/errors.js';
import type { Page, PageRequest } from '../../core/pagination.js';
import { formCheck } from '../../core/validation.js';
import type { Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { neutralise } from '../../lib/csv.js';
import type { IdGenerator } from '../../lib/ids.js';
import { formatCount } from '../../lib/progress-bar.js';
import { currentContext, SYSTEM_ACTOR } from '../../lib/work-context.js';
import type { DocumentStorage } from '../documents/storage/document-storage.js';
import { importResource } from './import.presenter.js';
import { OPEN_STATUSES, type ImportFilters, type ImportJob, type ImportRepository } from './import.repository.js';
import { ImportUploadFields, type ImportResponse } from './import.schemas.js';

/** The report's columns: one line per reason a row was refused. */
export const ERROR_REPORT_COLUMNS = ['row', 'column', 'value', 'message'] as const;
const REPORT_PAGE = 1000;

const checkFields = formCheck(ImportUploadFields);

/** The file to import: a local file the service copies into the storage (an upload's temporary file). */
export interface ImportFile {
  path: string;
  /** The name shown with the job. */
  filename: string;
  size: number;
}

export interface ImportServiceDeps {
  db: Executor;
  jobs: ImportRepository;
  storage: DocumentStorage;
  clock: Clock;
  newId: IdGenerator;
  /** Told when a job is queued, so that this process's runner starts it without waiting for its poll. */
  queued: () => void;
}

export class ImportService {
  constructor(private readonly deps: ImportServiceDeps) {}

  /** The form's fields, checked: type, mode (default create) and dry_run (default false). @throws ValidationError. */
  fields(raw: Record<string, unknown>): Required<ImportUploadFields> {
    const fields = { ...raw };
    const errors = checkFields(fields);
    if (errors) throw new ValidationError(errors);
    const { type, mode = 'create', dry_run = false } = fields as ImportUploadFields;
    return { type, mode, dry_run };
  }

  /**
   * Keeps a copy of the file and queues its job, done for the actor of the work context (the request's caller,
   * the CLI's user), whom the audit log names for the import's writes.
   * @throws ValidationError without a file or with an empty one.
   */
  async start(
    tenantId: string,
    fields: Required<ImportUploadFields>,
    file: ImportFile | null,
  ): Promise<ImportResponse> {
    if (!file) throw ValidationError.field('file', 'The file field is required: the CSV file to import.');
    if (file.size === 0)
      throw ValidationError.field('file', 'The file is empty: its first line must be the header row.');
    const id = this.deps.newId();
    const key = `imports/${tenantId.toLowerCase()}/${id.toLowerCase()}`;
    await this.deps.storage.put(key, file.path, { size: file.size, contentType: 'text/csv' });
    const actor = currentContext()?.actor() ?? SYSTEM_ACTOR;
    const now = this.deps.clock.now().toISOString();
    try {
      const job = await this.deps.jobs.insert(this.deps.db, {
        id,
        tenant_id: tenantId,
        type: fields.type,
        mode: fields.mode,
        dry_run: fields.dry_run,
        status: 'queued',
        filename: file.filename,
        file_size: file.size,
        file_key: key,
        rows_total: null,
        rows_done: 0,
        created_count: 0,
        updated_count: 0,
        unchanged_count: 0,
        failed_count: 0,
        error: null,
        actor_type: actor.type,
        actor_user_id: actor.user_id,
        actor_token_id: actor.token_id,
        actor_name: actor.name,
        lease_owner: null,
        lease_expires_at: null,
        created_at: now,
        started_at: null,
        finished_at: null,
        updated_at: now,
      });
      this.deps.queued();
      return importResource(job);
    } catch (error) {
      await this.deps.storage.remove(key);
      throw error;
    }
  }

  /** @throws NotFoundError('Import'), also for another tenant's job. */
  async get(tenantId: string, id: string): Promise<ImportResponse> {
    return importResource(await this.find(tenantId, id));
  }

  private async find(tenantId: string, id: string): Promise<ImportJob> {
    const job = await this.deps.jobs.find(this.deps.db, tenantId, id);
    if (!job) throw new NotFoundError('Import');
    return job;
  }

  async list(tenantId: string, filters: ImportFilters, page: PageRequest): Promise<Page<ImportResponse>> {
    const result = await this.deps.jobs.list(this.deps.db, tenantId, filters, page);
    return { ...result, items: result.items.map(importResource) };
  }

  /**
   * Cancels a job that has not ended. A running import stops before its next batch; the rows it already
   * committed stay imported (and counted).
   * @throws NotFoundError('Import'); BusinessRuleError('invalid_transition') once it has ended.
   */
  async cancel(tenantId: string, id: string): Promise<ImportResponse> {
    const job = await this.find(tenantId, id);
    const cancelled = OPEN_STATUSES.includes(job.status)
      ? await this.deps.jobs.finish(this.deps.db, id, 'cancelled', null, this.deps.clock.now())
      : undefined;
    if (!cancelled) {
      const ended = await this.find(tenantId, id);
      throw new BusinessRuleError(
        'invalid_transition',
        `Cannot cancel an import whose status is ${ended.status}; only a queued, validating or running import can be cancelled.`,
      );
    }
    await this.deps.storage.remove(job.file_key);
    return importResource(cancelled);
  }

  /**
   * The refused rows as CSV (row, column, value, message), one line per reason, read from the database a page
   * at a time as the client takes them; then, when the job refused more rows than it kept the reasons of, a
   * last line without a row that says how many more. @throws NotFoundError('Import').
   */
  async errorReport(tenantId: string, id: string): Promise<Readable> {
    await this.find(tenantId, id);
    const { db, jobs } = this.deps;
    // Read after the listed lines: a running job may have refused more meanwhile.
    const unlistedLine = async () => {
      const job = await this.find(tenantId, id);
      if (job.failed_unlisted_count === 0) return null;
      const listed = job.failed_count - job.failed_unlisted_count;
      return [
        '',
        '',
        '',
        `${formatCount(job.failed_unlisted_count)} more refused rows are not listed: an import keeps the reasons of its first ${formatCount(listed)} refused rows only.`,
      ];
    };
    async function* lines() {
      let after: { row: number; id: string } | null = null;
      for (;;) {
        const page = await jobs.errorsAfter(db, tenantId, id, after, REPORT_PAGE);
        for (const error of page)
          yield [error.row_number, error.column_name ?? '', neutralise(error.value ?? ''), neutralise(error.message)];
        if (page.length < REPORT_PAGE) break;
        const last = page[page.length - 1]!;
        after = { row: last.row_number, id: last.id };
      }
      const unlisted = await unlistedLine();
      if (unlisted) yield unlisted;
    }
    return Readable.from(lines()).pipe(stringify({ header: true, columns: [...ERROR_REPORT_COLUMNS] }));
  }
}
