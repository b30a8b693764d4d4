// The import being watched: its progress bar and counts, asked again every second until it ends; then how it
// turned out, and the report of its refused rows when some were. While it has not ended, whoever may run
// imports may cancel it.
import { Alert, Button, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPlayerStop } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useCan } from '../auth/session';
import { QueryError } from '../components/QueryError';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { formatDateTime, formatFileSize, formatNumber } from '../lib/format';
import { cancelImport, errorReportUrl, importKeys, useImportJob, useFollowImport } from './api';
import {
  formatDuration,
  isOpen,
  modeLabel,
  outcome,
  progressPercent,
  progressText,
  RUN_IMPORTS,
  startedBy,
  typeLabel,
  unlistedRefusals,
} from './job';
import { StatusBadge } from './StatusBadge';
import type { ImportJob } from './types';

export function ImportProgress({ id }: { id: string }) {
  const job = useImportJob(id);
  useFollowImport(job.data);
  const section = useRef<HTMLDivElement>(null);
  // An import opened from the list below is brought into view. (A block body: browsers may answer the scroll
  // with a promise, which React would take for the effect's cleanup.)
  useEffect(() => {
    section.current?.scrollIntoView({ block: 'nearest' });
  }, [id]);

  return (
    <Paper withBorder p="md" component="section" aria-label="Current import" ref={section}>
      {job.isPending ? (
        <Skeleton h={180} />
      ) : job.isError ? (
        <QueryError error={job.error} onRetry={() => void job.refetch()} title="Could not load the import" />
      ) : (
        <JobProgress job={job.data} />
      )}
    </Paper>
  );
}

/** Where there is no import to watch yet, the place it will appear. */
export function NoCurrentImport() {
  return (
    <Paper withBorder p="md" component="section" aria-label="Current import">
      <Title order={2} size="h5" mb="xs">
        Current import
      </Title>
      <Text size="sm" c="dimmed">
        Start an import, or open one from the list below, to follow its progress here.
      </Text>
    </Paper>
  );
}

function JobProgress({ job }: { job: ImportJob }) {
  const can = useCan();
  const open = isOpen(job.status);
  const ended = outcome(job);
  const unlisted = unlistedRefusals(job);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {job.filename}
          </Title>
          <Text size="sm" c="dimmed">
            {typeLabel(job.type)} · {modeLabel(job.mode)}
            {job.dry_run && ' · dry run'} · {formatFileSize(job.file_size)}
          </Text>
        </Stack>
        <StatusBadge status={job.status} size="lg" />
      </Group>
      <Stack gap={4}>
        <Progress
          value={progressPercent(job)}
          color={ended?.color ?? 'blue'}
          size="lg"
          striped={open}
          animated={open}
          aria-label="Import progress"
        />
        <Text size="sm">{progressText(job)}</Text>
      </Stack>
      <SimpleGrid component="dl" cols={4} spacing="xs" m={0} aria-label="Counts">
        <Count label={job.dry_run ? 'Would create' : 'Created'} value={job.created} />
        <Count label={job.dry_run ? 'Would update' : 'Updated'} value={job.updated} />
        <Count label="Unchanged" value={job.unchanged} />
        <Count label="Failed" value={job.failed} alert={job.failed > 0} />
      </SimpleGrid>
      {ended && (
        <Alert color={ended.color} title={ended.title} role="status" p="xs">
          {ended.message}
        </Alert>
      )}
      {(open || job.failed > 0) && (
        <Group gap="xs">
          {open && can(RUN_IMPORTS) && <CancelImportButton job={job} />}
          {job.failed > 0 && (
            <Button
              component="a"
              href={errorReportUrl(job.id)}
              download={`import-${job.id}-errors.csv`}
              variant="light"
              color="red"
              leftSection={<IconDownload size={16} />}
            >
              Download the error report
            </Button>
          )}
        </Group>
      )}
      {unlisted && <Text size="sm">{unlisted}</Text>}
      <Text size="xs" c="dimmed">
        Started by {startedBy(job)} on {formatDateTime(job.created_at)}
        {job.finished_at && `; ended ${formatDateTime(job.finished_at)}, after ${formatDuration(job.duration_ms)}`}.
      </Text>
    </Stack>
  );
}

function Count({ label, value, alert = false }: { label: string; value: number; alert?: boolean }) {
  return (
    <Stack gap={0}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={700} size="lg" c={alert ? 'red' : undefined}>
        {formatNumber(value)}
      </Text>
    </Stack>
  );
}

function CancelImportButton({ job }: { job: ImportJob }) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelImport(job.id),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(importKeys.job(job.id), cancelled);
      notifySuccess(`${cancelled.filename} will import no more rows.`, 'Import cancelled');
    },
    onError: (error) => notifyFailure(error, 'The import was not cancelled'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
  const ask = async () => {
    const confirmed = await confirm({
      title: `Cancel the import of ${job.filename}?`,
      message: job.dry_run
        ? 'The dry run stops; nothing has been written.'
        : 'It stops before its next batch of rows. The rows it has written already stay written.',
      confirmLabel: 'Cancel the import',
      cancelLabel: 'Let it run',
      danger: true,
    });
    if (confirmed) cancel.mutate();
  };
  return (
    <Button
      variant="default"
      color="red"
      leftSection={<IconPlayerStop size={16} />}
      loading={cancel.isPending}
      onClick={() => void ask()}
    >
      Cancel import
    </Button>
  );
}
