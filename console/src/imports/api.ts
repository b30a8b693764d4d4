// The imports area's calls and the keys its cache uses: every key starts with 'imports', so that an upload or
// a cancellation refreshes what the area shows with one invalidation.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { operations } from '../../../clients/typescript/src/openapi';
import { api, unwrap } from '../api/client';
import { ME_KEY } from '../auth/session';
import { isOpen } from './job';
import type { ImportJob, ImportMode, ImportStatus, ImportType } from './types';

type ImportList = operations['listImports']['responses'][200]['content']['application/json'];
type ImportUploadForm = operations['startImport']['requestBody']['content']['multipart/form-data'];

export const PER_PAGE = 25;
/** How often a screen showing an import that has not ended asks again. */
const POLL_MS = 1000;

export const importKeys = {
  all: ['imports'] as const,
  lists: ['imports', 'list'] as const,
  list: (query: object) => ['imports', 'list', query] as const,
  job: (id: string) => ['imports', 'job', id] as const,
};

export function useImports(query: { page: number; status?: ImportStatus; type?: ImportType }) {
  return useQuery({
    queryKey: importKeys.list(query),
    queryFn: () =>
      unwrap(api.GET('/api/v1/operations/imports', { params: { query: { ...query, per_page: PER_PAGE } } })),
    placeholderData: keepPreviousData,
    // The list's progress and counts move with the jobs still under way.
    refetchInterval: (current) => (current.state.data?.data.some((job) => isOpen(job.status)) ? POLL_MS * 2 : false),
  });
}

export function useImportJob(id: string | undefined) {
  return useQuery({
    queryKey: importKeys.job(id ?? ''),
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/operations/imports/{id}', { params: { path: { id: id! } } }))).data,
    enabled: id !== undefined,
    refetchInterval: (current) => (current.state.data && isOpen(current.state.data.status) ? POLL_MS : false),
  });
}

export interface ImportUpload {
  type: ImportType;
  mode: ImportMode;
  dryRun: boolean;
  file: File;
}

export async function startImport({ type, mode, dryRun, file }: ImportUpload): Promise<ImportJob> {
  const body = new FormData();
  body.append('type', type);
  body.append('mode', mode);
  body.append('dry_run', String(dryRun));
  // The file last: the server reads the fields before the file's bytes.
  body.append('file', file, file.name);
  // openapi-fetch sends a FormData as it is, with its multipart boundary.
  const answer = await unwrap(api.POST('/api/v1/operations/imports', { body: body as unknown as ImportUploadForm }));
  return answer.data;
}

export async function cancelImport(id: string): Promise<ImportJob> {
  return (await unwrap(api.POST('/api/v1/operations/imports/{id}/cancel', { params: { path: { id } } }))).data;
}

/** The CSV of a type's header row, downloaded by the browser on the session. */
export function templateUrl(type: ImportType): string {
  return `/api/v1/operations/imports/templates/${encodeURIComponent(type)}`;
}

/** The refused rows of a job as CSV (row, column, value, message). */
export function errorReportUrl(id: string): string {
  return `/api/v1/operations/imports/${encodeURIComponent(id)}/errors.csv`;
}

/**
 * Follows the job on screen: its row in the cached lists shows what the job's own (faster) polling read, and
 * once an import that writes has ended, the other areas' data in the cache (new suppliers, changed stock) is
 * read again when next shown. A dry run writes nothing.
 */
export function useFollowImport(job: ImportJob | undefined) {
  const queryClient = useQueryClient();
  const seenOpen = useRef<string | null>(null);
  useEffect(() => {
    if (!job) return;
    queryClient.setQueriesData<ImportList>({ queryKey: importKeys.lists }, (list) =>
      list && list.data.some((row) => row.id === job.id)
        ? { ...list, data: list.data.map((row) => (row.id === job.id ? job : row)) }
        : list,
    );
    if (isOpen(job.status)) {
      seenOpen.current = job.id;
      return;
    }
    if (seenOpen.current !== job.id) return;
    seenOpen.current = null;
    // A list filtered by status now has one too many or too few.
    void queryClient.invalidateQueries({ queryKey: importKeys.lists });
    if (!job.dry_run)
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== ME_KEY[0] && query.queryKey[0] !== importKeys.all[0],
      });
  }, [job, queryClient]);
}
