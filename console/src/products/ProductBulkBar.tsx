// What can be done with the ticked products at once: the lifecycle's activate and deactivate, a category, tags
// added or removed, a price change (POST /operations/products/bulk), their labels and a CSV of them. Only what the
// role may do is offered. After an action, a notification counts the outcome and, when products were refused,
// a dialog lists each with its reason; the refused stay ticked, to be fixed and tried again.
import { Button, Radio, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { useCan } from '../auth/session';
import { BulkBar } from '../components/BulkBar';
import { BulkResultDialog } from '../components/BulkResultDialog';
import { ExportButton } from '../components/ExportButton';
import { FormDialog } from '../components/FormDialog';
import { NumberInput } from '../components/NumberInput';
import { notifyFailure, notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import type { RowSelection } from '../lib/useRowSelection';
import { LabelsButton } from '../labels/LabelsButton';
import { productKeys } from './api';
import {
  BULK_ACTION_NAMES,
  bulkSummary,
  refusedRows,
  type ProductBulkAction,
  type ProductBulkBody,
  type ProductBulkResult,
} from './bulk';
import { EntitySelect } from './EntitySelect';
import { categorySource } from './entity-options';
import type { Product } from './model';
import { PRODUCT_COLUMNS } from './product-columns';
import { TagsSelect } from './TagsSelect';

const EDIT = 'operations:edit-products';

interface Props {
  selection: RowSelection<Product>;
  /** Told of each action's refused products (id → reason), to show them at their rows. */
  onRefused: (refused: ReadonlyMap<string, string>) => void;
}

type DialogAction = Extract<ProductBulkAction, 'set_category' | 'add_tags' | 'remove_tags' | 'change_price'>;

export function ProductBulkBar({ selection, onRefused }: Props) {
  const can = useCan();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  const [busy, setBusy] = useState<ProductBulkAction | null>(null);
  const [result, setResult] = useState<{ action: ProductBulkAction; result: ProductBulkResult } | null>(null);

  /** Tells what the action did, refreshes the list and keeps only the refused ticked. */
  const done = async (action: ProductBulkAction, answer: ProductBulkResult) => {
    const refused = refusedRows(answer);
    onRefused(new Map(refused.map((row) => [row.id, row.reason])));
    selection.keepOnly(refused.map((row) => row.id));
    await queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    if (refused.length === 0) notifySuccess(bulkSummary(answer), BULK_ACTION_NAMES[action]);
    else {
      notifyFailure(new Error(bulkSummary(answer)), `${BULK_ACTION_NAMES[action]}: some products were refused`);
      setResult({ action, result: answer });
    }
  };

  /** Sends the action for every ticked product; a refusal of the whole request (a 422, a lost session) throws. */
  const run = async (body: Omit<ProductBulkBody, 'product_ids'>) => {
    const request = { ...body, product_ids: [...selection.ids] } as ProductBulkBody;
    const answer = (await unwrap(api.POST('/api/v1/operations/products/bulk', { body: request }))).data;
    await done(body.action, answer);
  };

  const direct = async (action: 'activate' | 'deactivate') => {
    setBusy(action);
    try {
      await run({ action });
    } catch (failure) {
      notifyFailure(failure, `${BULK_ACTION_NAMES[action]} failed`);
    } finally {
      setBusy(null);
    }
  };

  const byId = new Map(selection.rows.map((product) => [product.id, product]));

  return (
    <>
      <BulkBar count={selection.ids.length} onClear={selection.clear}>
        {can(EDIT) && (
          <>
            <Button size="xs" variant="default" loading={busy === 'activate'} onClick={() => void direct('activate')}>
              Activate
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={busy === 'deactivate'}
              onClick={() => void direct('deactivate')}
            >
              Deactivate
            </Button>
            {(['set_category', 'add_tags', 'remove_tags', 'change_price'] as const).map((action) => (
              <Button key={action} size="xs" variant="default" onClick={() => setDialog(action)}>
                {BULK_ACTION_NAMES[action]}…
              </Button>
            ))}
          </>
        )}
        <LabelsButton
          label="Print labels"
          size="xs"
          title={`Labels of ${selection.ids.length} ${selection.ids.length === 1 ? 'product' : 'products'}`}
          fileName="product-labels.pdf"
          fetchPdf={(choice) =>
            unwrap(
              api.POST('/api/v1/operations/products/labels', {
                body: {
                  items: selection.ids.map((product_id) => ({ product_id, copies: 1 })),
                  layout: choice.layout,
                  show_price: choice.showPrice,
                },
                parseAs: 'blob',
              }),
            )
          }
        />
        <ExportButton
          name="products-selected"
          label="Export selected"
          size="xs"
          columns={PRODUCT_COLUMNS}
          rows={selection.rows}
        />
      </BulkBar>
      {dialog && <BulkDialog action={dialog} count={selection.ids.length} run={run} onClose={() => setDialog(null)} />}
      {result && (
        <BulkResultDialog
          title={`${BULK_ACTION_NAMES[result.action]}: refused products`}
          columns={['SKU', 'Name']}
          summary={bulkSummary(result.result)}
          rows={refusedRows(result.result).map((row) => ({
            ...row,
            cells: [byId.get(row.id)?.sku ?? '—', byId.get(row.id)?.name ?? row.id],
          }))}
          onClose={() => setResult(null)}
        />
      )}
    </>
  );
}

interface DialogValues extends Record<string, unknown> {
  category_id: string | null;
  tag_ids: string[];
  field: 'price' | 'cost_price';
  by: 'amount' | 'percent';
  value: number | string;
}

/** The dialog of an action that needs a value: a category, tags, or a price change. */
function BulkDialog({
  action,
  count,
  run,
  onClose,
}: {
  action: DialogAction;
  count: number;
  run: (body: Omit<ProductBulkBody, 'product_ids'>) => Promise<void>;
  onClose: () => void;
}) {
  const form = useForm<DialogValues>({
    initialValues: { category_id: null, tag_ids: [], field: 'price', by: 'percent', value: '' },
    validate: {
      category_id: (value) => (action === 'set_category' && !value ? 'Choose the category.' : null),
      tag_ids: (value) =>
        (action === 'add_tags' || action === 'remove_tags') && value.length === 0 ? 'Choose at least one tag.' : null,
      value: (value, values) => {
        if (action !== 'change_price') return null;
        if (value === '' || !Number.isFinite(Number(value))) return 'Enter the change.';
        if (values.by === 'percent' && Number(value) < -100) return 'A price cannot fall below 0: -100 % at most.';
        return null;
      },
    },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(
    form,
    async (values) => {
      await run(bodyOf(action, values));
      onClose();
    },
    { aliases: { 'price_change.value': 'value', 'price_change.field': 'field', 'price_change.by': 'by' } },
  );
  const products = `${count} ${count === 1 ? 'product' : 'products'}`;

  return (
    <FormDialog
      title={`${BULK_ACTION_NAMES[action]} of ${products}`}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={BULK_ACTION_NAMES[action]}
      submitting={submitting}
      formError={formError}
    >
      {action === 'set_category' && (
        <EntitySelect
          label="Category"
          source={categorySource}
          required
          {...form.getInputProps('category_id')}
          value={form.values.category_id}
        />
      )}
      {(action === 'add_tags' || action === 'remove_tags') && (
        <TagsSelect
          label={action === 'add_tags' ? 'Tags to add' : 'Tags to remove'}
          required
          {...form.getInputProps('tag_ids')}
          value={form.values.tag_ids}
        />
      )}
      {action === 'change_price' && (
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Price to change"
            data={[
              { value: 'price', label: 'Price' },
              { value: 'cost_price', label: 'Cost price' },
            ]}
            {...form.getInputProps('field')}
          />
          <Radio.Group label="Change by" {...form.getInputProps('by')}>
            <Group gap="md" mt={4}>
              <Radio value="percent" label="Percent" />
              <Radio value="amount" label="Amount" />
            </Group>
          </Radio.Group>
          <NumberInput
            label={form.values.by === 'percent' ? 'Change (%)' : 'Change (amount)'}
            description="Negative to lower it. Rounded to the currency's smallest unit."
            required
            data-autofocus
            decimalScale={form.values.by === 'percent' ? 4 : 2}
            {...form.getInputProps('value')}
          />
          <Text size="xs" c="dimmed">
            A product whose price would fall below 0, or that has no such price, is refused and left as it is.
          </Text>
        </Stack>
      )}
    </FormDialog>
  );
}

function bodyOf(action: DialogAction, values: DialogValues): Omit<ProductBulkBody, 'product_ids'> {
  switch (action) {
    case 'set_category':
      return { action, category_id: values.category_id };
    case 'add_tags':
    case 'remove_tags':
      return { action, tag_ids: values.tag_ids };
    case 'change_price':
      return { action, price_change: { by: values.by, value: Number(values.value), field: values.field } };
  }
}
