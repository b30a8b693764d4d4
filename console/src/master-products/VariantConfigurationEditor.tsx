// The variant configuration: the attributes and their values whose combinations generation turns into
// variants. The combination count follows every change; more than the API allows is refused here, before
// anything is sent. Saving over live variants replaces them (the API deletes them first), so it asks first.
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../auth/session';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { masterKeys, updateMaster, type MasterProduct } from './api';
import {
  combinationCount,
  configurationBody,
  configurationProblem,
  draftOf,
  isChanged,
  type AttributeDraft,
} from './configuration';
import { refusalLines } from './errors';
import { GenerateVariantsButton } from './GenerateVariantsButton';

interface Props {
  master: MasterProduct;
  /** Combinations no live variant holds yet, from …/variants/available; undefined while loading. */
  availableCombinations: number | undefined;
}

export function VariantConfigurationEditor({ master, availableCombinations }: Props) {
  const can = useCan();
  const editable = can('operations:edit-products');
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<AttributeDraft[]>(() => draftOf(master.variant_attributes));
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const count = combinationCount(rows);
  const problem = configurationProblem(rows);
  const changed = isChanged(rows, master.variant_attributes);

  const change = (index: number, patch: Partial<AttributeDraft>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const save = async () => {
    // The count is checked again here: nothing above the limit leaves the browser.
    if (configurationProblem(rows) !== null) return;
    const replacing = master.products_count > 0;
    if (
      replacing &&
      !(await confirm({
        title: 'Replace the variants?',
        message: `The ${master.products_count} variants of ${master.name} are deleted first (refused while any holds stock). Generate the new ones afterwards.`,
        confirmLabel: 'Delete variants and save',
        danger: true,
      }))
    ) {
      return;
    }
    setSaving(true);
    setRefusal(null);
    try {
      await updateMaster(master.id, {
        variant_attributes: configurationBody(rows),
        ...(replacing ? { regenerate_variants: true } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: masterKeys.one(master.id) });
      notifySuccess('Variant configuration saved.');
    } catch (error) {
      setRefusal(refusalLines(error));
      notifyFailure(error, 'The configuration was not saved');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="variant-configuration">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="variant-configuration">
            Variant configuration
          </Title>
          <Badge size="lg" variant="light" color={problem ? 'red' : 'blue'} aria-live="polite" tt="none">
            {count === 1 ? '1 combination' : `${count.toLocaleString()} combinations`}
          </Badge>
        </Group>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            No attributes: {master.name} is sold as it is. Add an attribute (size, colour…) and its values to make
            variants.
          </Text>
        )}
        {rows.map((row, index) => (
          <Group key={index} align="flex-start" wrap="wrap" gap="sm">
            <TextInput
              label={`Attribute ${index + 1}`}
              placeholder="Size"
              value={row.name}
              onChange={(event) => change(index, { name: event.currentTarget.value })}
              readOnly={!editable}
              w={200}
            />
            <TagsInput
              label={`Values of attribute ${index + 1}`}
              placeholder={editable ? 'Type a value, then Enter' : undefined}
              value={row.values}
              onChange={(values) => change(index, { values })}
              readOnly={!editable}
              style={{ flex: 1, minWidth: 240 }}
              clearable={false}
            />
            {editable && (
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={`Remove attribute ${index + 1}${row.name ? ` (${row.name})` : ''}`}
                onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {problem && (
          <Alert color="red" role="alert" p="xs">
            {problem}
          </Alert>
        )}
        {refusal && (
          <Alert color="red" role="alert" p="xs" title="The configuration was not saved">
            <List size="sm">
              {refusal.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap">
          {editable ? (
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconPlus size={16} />}
                onClick={() => setRows((current) => [...current, { name: '', values: [] }])}
              >
                Add attribute
              </Button>
              <Button onClick={() => void save()} loading={saving} disabled={!changed || problem !== null}>
                Save configuration
              </Button>
              {changed && (
                <Button variant="subtle" onClick={() => setRows(draftOf(master.variant_attributes))}>
                  Discard changes
                </Button>
              )}
            </Group>
          ) : (
            <span />
          )}
          <GenerateVariantsButton master={master} availableCombinations={availableCombinations} unsaved={changed} />
        </Group>
      </Stack>
    </Card>
  );
}
