// Starting an import: what the rows are, how they meet the records already there, a dry run or not, and the
// CSV file; the template of the chosen type is a click away. Only the types and modes the user's abilities
// allow are offered. The API's refusals appear at their fields (file, type, mode), any other above the form.
import {
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../auth/session';
import { FormError } from '../components/FormError';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { importKeys, startImport, templateUrl } from './api';
import { allowedModes, allowedTypes, modeExplanation, modeLabel, typeLabel } from './job';
import type { ImportJob, ImportMode, ImportType } from './types';

type Values = {
  type: ImportType;
  mode: ImportMode;
  dry_run: boolean;
  file: File | null;
};

export function ImportForm({ onStarted }: { onStarted: (job: ImportJob) => void }) {
  const { abilities } = useCurrentUser();
  const queryClient = useQueryClient();
  const types = allowedTypes(abilities);
  const form = useForm<Values>({
    initialValues: { type: types[0]!, mode: allowedModes(types[0]!, abilities)[0]!, dry_run: false, file: null },
    validate: { file: (file) => (file ? null : 'Choose the CSV file to import.') },
  });
  const { type, mode, dry_run: dryRun } = form.getValues();
  const modes = allowedModes(type, abilities);

  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const job = await startImport({ type: values.type, mode: values.mode, dryRun: values.dry_run, file: values.file! });
    queryClient.setQueryData(importKeys.job(job.id), job);
    await queryClient.invalidateQueries({ queryKey: importKeys.lists });
    notifySuccess(
      `${job.filename}: ${typeLabel(job.type).toLowerCase()}, ${modeLabel(job.mode).toLowerCase()}${job.dry_run ? ', dry run' : ''}.`,
      'Import queued',
    );
    form.setFieldValue('file', null);
    onStarted(job);
  });

  const chooseType = (next: string | null) => {
    if (!next) return;
    const nextType = next as ImportType;
    form.setFieldValue('type', nextType);
    // A mode this type does not allow the user (or does not have) falls back to the first it allows.
    const nextModes = allowedModes(nextType, abilities);
    if (!nextModes.includes(form.getValues().mode)) form.setFieldValue('mode', nextModes[0]!);
  };

  return (
    <Paper withBorder p="md" component="section" aria-label="New import">
      <Title order={2} size="h5" mb="sm">
        New import
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <FormError message={formError} />
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Type"
              withAsterisk
              allowDeselect={false}
              data={types.map((value) => ({ value, label: typeLabel(value) }))}
              {...form.getInputProps('type')}
              onChange={chooseType}
            />
            <Select
              label="Mode"
              withAsterisk
              allowDeselect={false}
              data={modes.map((value) => ({ value, label: modeLabel(value) }))}
              // Wider than the field: each mode's line reads whole.
              comboboxProps={{ width: 380, position: 'bottom-start' }}
              renderOption={({ option }) => (
                <Stack gap={0}>
                  <Text size="sm">{option.label}</Text>
                  <Text size="xs" c="dimmed">
                    {modeExplanation(type, option.value as ImportMode)}
                  </Text>
                </Stack>
              )}
              description={modeExplanation(type, mode)}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.getInputProps('mode')}
            />
          </SimpleGrid>
          <FileInput
            label="CSV file"
            withAsterisk
            placeholder="Choose a .csv file"
            // The file field's placeholder is text on the page (not an input's), and Mantine's pale grey fails AA.
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            description="UTF-8, the header row first."
            accept=".csv,text/csv"
            clearable
            {...form.getInputProps('file')}
          />
          <Checkbox
            label="Dry run: check every row and report what would happen, without writing anything"
            {...form.getInputProps('dry_run', { type: 'checkbox' })}
          />
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Anchor href={templateUrl(type)} download={`${type}-template.csv`} size="sm">
              <Group gap={4} wrap="nowrap" component="span">
                <IconDownload size={14} aria-hidden />
                Download the {typeLabel(type).toLowerCase()} template
              </Group>
            </Anchor>
            <Button type="submit" loading={submitting} leftSection={<IconFileUpload size={16} />}>
              {dryRun ? 'Start the dry run' : 'Start the import'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
