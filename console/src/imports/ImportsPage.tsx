// CSV imports: a new import (for whoever may run one), the import being followed, and the recent imports with
// their type and status filters and pages. The list's state and the import followed live in the URL
// (`?job=…`), so that a reload or a link shows the same import.
import { Group, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { api } from '../api/client';
import { ExportButton } from '../components/ExportButton';
import { ListCard } from '../components/ListView';
import { EXPORT_PAGE_SIZE } from '../lib/export-rows';
import { IMPORT_COLUMNS } from './export-columns';
import { PageHeader } from '../components/PageHeader';
import { useCurrentUser } from '../auth/session';
import { useListPage } from '../lib/useListPage';
import { useImports } from './api';
import { ImportForm } from './ImportForm';
import { ImportProgress, NoCurrentImport } from './ImportProgress';
import { ImportsTable } from './ImportsTable';
import { allowedTypes, IMPORT_STATUSES, IMPORT_TYPES, importStatus, typeLabel } from './job';
import type { ImportStatus } from './types';

const LIST = { filters: ['type', 'status', 'job'] as const, defaultSort: '-created_at' };

export function ImportsPage() {
  const { abilities } = useCurrentUser();
  const list = useListPage(LIST, { notFilters: ['job'] });
  const type = IMPORT_TYPES.find((known) => known === list.filters.type);
  const status = IMPORT_STATUSES.find((known) => known === list.filters.status);
  const currentId = list.filters.job;
  const imports = useImports({ page: list.state.page, type, status });
  const mayImport = allowedTypes(abilities).length > 0;

  /** Opening an import keeps the list where it is. */
  const open = (id: string) => list.update({ page: list.state.page, filters: { job: id } });
  /** A new import is followed, and the list shows it at its top. */
  const started = (id: string) => list.update({ page: 1, filters: { job: id, type: null, status: null } });

  return (
    <>
      <PageHeader
        title="Imports"
        description="Products, stock levels, suppliers, categories and sales orders from CSV files, imported in the background."
      />
      <Stack gap="lg">
        {mayImport ? (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <ImportForm onStarted={(job) => started(job.id)} />
            {currentId ? <ImportProgress id={currentId} /> : <NoCurrentImport />}
          </SimpleGrid>
        ) : (
          currentId && <ImportProgress id={currentId} />
        )}

        <Stack gap="sm" component="section" aria-label="Recent imports">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Title order={2} size="h3">
              Recent imports
            </Title>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <ExportButton
                name="imports"
                columns={IMPORT_COLUMNS}
                source={{
                  fetchPage: (next) =>
                    api.GET('/api/v1/operations/imports', {
                      params: { query: { type, status, per_page: EXPORT_PAGE_SIZE, ...next } },
                    }),
                }}
              />
              <Select
                label="Type"
                placeholder="Any type"
                clearable
                w={170}
                data={IMPORT_TYPES.map((value) => ({ value, label: typeLabel(value) }))}
                value={type ?? null}
                onChange={(value) => list.setFilter('type', value)}
              />
              <Select
                label="Status"
                placeholder="Any status"
                clearable
                w={170}
                data={IMPORT_STATUSES.map((value) => ({ value, label: importStatus(value as ImportStatus).label }))}
                value={status ?? null}
                onChange={(value) => list.setFilter('status', value)}
              />
            </Group>
          </Group>
          <ListCard
            list={list}
            query={imports}
            noun={['import', 'imports']}
            errorTitle="Could not load the imports"
            none="No imports yet."
            noMatch="No imports match these filters."
          >
            {(jobs) => <ImportsTable jobs={jobs} currentId={currentId} onOpen={open} />}
          </ListCard>
        </Stack>
      </Stack>
    </>
  );
}
