// Merging the selected tags into a target: the target is searched among all tags, the merge asked for once
// more (the sources are deleted), and the outcome handed back to the page to show.
import { Button, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { FormError } from '../components/FormError';
import { confirm, notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { catalogKeys, useTagSearch } from './api';
import { type Tag, type TagMerge } from './types';

export interface MergeOutcome {
  sources: string[];
  target: string;
  linksMoved: number;
}

interface Props {
  sources: Tag[];
  onClose: () => void;
  onMerged: (outcome: MergeOutcome) => void;
}

export function MergeTagsModal({ sources, onClose, onMerged }: Props) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 250);
  const candidates = useTagSearch(query);
  const sourceIds = new Set(sources.map((tag) => tag.id));
  const [target, setTarget] = useState<Tag | null>(null);
  const options = [
    ...(target ? [target] : []),
    ...(candidates.data ?? []).filter((tag) => !sourceIds.has(tag.id) && tag.id !== target?.id),
  ];

  const form = useForm({ initialValues: { target_tag_id: '' } });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async ({ target_tag_id }) => {
    if (!target) return;
    const sure = await confirm({
      title: `Merge into ${target.name}?`,
      message: `${sources.map((tag) => tag.name).join(', ')} will be deleted; their products get ${target.name}.`,
      confirmLabel: 'Merge',
      danger: true,
    });
    if (!sure) return;
    const merged: TagMerge = (
      await unwrap(
        api.POST('/api/v1/operations/tags/merge', { body: { source_tag_ids: [...sourceIds], target_tag_id } }),
      )
    ).data;
    await queryClient.invalidateQueries({ queryKey: catalogKeys.tags });
    notifySuccess(`Merged into ${target.name}.`);
    onMerged({ sources: sources.map((tag) => tag.name), target: target.name, linksMoved: merged.links_moved });
  });

  return (
    <Modal opened onClose={onClose} title="Merge tags">
      <form onSubmit={onSubmit} noValidate>
        <FormError message={formError} />
        <Stack>
          <div>
            <Text size="sm" fw={500}>
              Tags to merge (deleted afterwards)
            </Text>
            <List size="sm">
              {sources.map((tag) => (
                <List.Item key={tag.id}>{tag.name}</List.Item>
              ))}
            </List>
          </div>
          <Select
            label="Merge into"
            placeholder="Search tags"
            required
            searchable
            data-autofocus
            searchValue={search}
            onSearchChange={setSearch}
            // The API searches; every tag it answers is a choice.
            filter={({ options: all }) => all}
            nothingFoundMessage={candidates.isFetching ? 'Searching…' : 'No other tag matches.'}
            data={options.map((tag) => ({ value: tag.id, label: tag.name }))}
            {...form.getInputProps('target_tag_id')}
            onChange={(id) => {
              setTarget(options.find((tag) => tag.id === id) ?? null);
              form.setFieldValue('target_tag_id', id ?? '');
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting} disabled={!target}>
              Merge
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
