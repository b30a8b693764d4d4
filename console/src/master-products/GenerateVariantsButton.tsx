// Generate the variants of the combinations no live variant holds yet, from the saved configuration: a dialog
// says how many and takes the SKU and stock options before anything is created.
import { Button, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { NumberInput } from '../components/NumberInput';
import { useForm } from '@mantine/form';
import { IconWand } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../auth/session';
import { FormDialog } from '../components/FormDialog';
import { useApiSubmit } from '../lib/forms';
import { notifySuccess } from '../lib/feedback';
import { generateVariants, masterKeys, type MasterProduct } from './api';

interface Props {
  master: MasterProduct;
  availableCombinations: number | undefined;
  unsaved: boolean;
}

export function GenerateVariantsButton({ master, availableCombinations, unsaved }: Props) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can('operations:create-products')) return null;
  const reason = unsaved
    ? 'Save the configuration first: variants are generated from the saved one.'
    : !master.variant_attributes
      ? 'Add attributes and save the configuration first.'
      : availableCombinations === undefined
        ? 'Counting the combinations that have no variant yet…'
        : availableCombinations === 0
          ? 'Every combination has its variant.'
          : null;
  const button = (
    <Button leftSection={<IconWand size={16} />} disabled={reason !== null} onClick={() => setOpen(true)}>
      Generate variants
    </Button>
  );
  return (
    <>
      {reason ? (
        <Tooltip label={reason} withArrow>
          <span tabIndex={0}>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      {open && availableCombinations !== undefined && (
        <GenerateDialog master={master} count={availableCombinations} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

interface GenerateValues {
  [key: string]: unknown;
  sku_prefix: string;
  initial_stock: number | string;
  auto_generate_sku: boolean;
}

function GenerateDialog({ master, count, onClose }: { master: MasterProduct; count: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<GenerateValues>({
    initialValues: { sku_prefix: '', initial_stock: 0, auto_generate_sku: true },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const result = await generateVariants(master.id, {
      sku_prefix: values.sku_prefix.trim(),
      initial_stock: values.initial_stock === '' ? 0 : Number(values.initial_stock),
      auto_generate_sku: values.auto_generate_sku,
    });
    await queryClient.invalidateQueries({ queryKey: masterKeys.one(master.id) });
    const made = result.data.generated_count;
    notifySuccess(`${made} ${made === 1 ? 'variant' : 'variants'} of ${master.name} generated.`);
    onClose();
    return result;
  });
  const noun = count === 1 ? 'variant' : 'variants';
  return (
    <FormDialog
      title="Generate variants"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={`Generate ${count} ${noun}`}
      submitting={submitting}
      formError={formError}
    >
      <Text size="sm">
        Creates {count} {noun} of {master.name}, one for each combination that has none yet. They start as drafts.
      </Text>
      <Switch
        label="Generate SKUs from the base SKU and the values"
        {...form.getInputProps('auto_generate_sku', { type: 'checkbox' })}
      />
      <TextInput
        label="SKU prefix"
        description="Put before each generated SKU."
        {...form.getInputProps('sku_prefix')}
      />
      <NumberInput
        label="Initial stock"
        description="Received into the default warehouse for each new variant."
        min={0}
        allowDecimal={false}
        {...form.getInputProps('initial_stock')}
      />
    </FormDialog>
  );
}
