// Bulk price and stock changes of the selected variants. The API picks variants by attribute values, so the
// selection is sent as the fewest filters that match exactly it (bulk-filters.ts), one request each.
import { Select, Text } from '@mantine/core';
import { NumberInput } from '../components/NumberInput';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../components/FormDialog';
import { useApiSubmit } from '../lib/forms';
import { notifySuccess } from '../lib/feedback';
import { bulkUpdatePrices, bulkUpdateStock, masterKeys, type BulkPriceBody, type MasterProduct } from './api';
import { bulkFilters, type VariantRow } from './bulk-filters';

interface Props {
  master: MasterProduct;
  selected: ReadonlySet<string>;
  rows: VariantRow[];
  complete: boolean;
  onClose: () => void;
}

const PRICE_ACTIONS = [
  { value: 'set_price', label: 'Set the price' },
  { value: 'increase_percentage', label: 'Increase by a percentage' },
  { value: 'decrease_percentage', label: 'Decrease by a percentage' },
];

const variantsNoun = (n: number) => `${n} ${n === 1 ? 'variant' : 'variants'}`;

/** Sends `send` once per filter, in turn, and answers the total of updated variants. */
async function forEachFilter(
  props: Props,
  send: (filters: BulkPriceBody['filters']) => Promise<{ updated_count: number }>,
): Promise<number> {
  let updated = 0;
  for (const selection of bulkFilters(props.selected, props.rows, props.complete)) {
    updated += (await send(selection ? { variant_selection: selection } : undefined)).updated_count;
  }
  return updated;
}

interface PriceValues {
  [key: string]: unknown;
  action: NonNullable<BulkPriceBody['action']>;
  price: number | string;
  percentage: number | string;
}

export function BulkPriceDialog(props: Props) {
  const { master, selected, onClose } = props;
  const queryClient = useQueryClient();
  const form = useForm<PriceValues>({
    initialValues: { action: 'set_price', price: '', percentage: '' },
    validate: {
      price: (value, values) => (values.action === 'set_price' && value === '' ? 'Enter the new price.' : null),
      percentage: (value, values) => (values.action !== 'set_price' && value === '' ? 'Enter a percentage.' : null),
    },
  });
  const setting = form.getValues().action === 'set_price';
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const amount =
      values.action === 'set_price' ? { price: Number(values.price) } : { percentage: Number(values.percentage) };
    const updated = await forEachFilter(props, (filters) =>
      bulkUpdatePrices(master.id, { action: values.action, ...amount, ...(filters ? { filters } : {}) }),
    );
    await queryClient.invalidateQueries({ queryKey: masterKeys.one(master.id) });
    notifySuccess(`Prices of ${variantsNoun(updated)} updated.`);
    onClose();
    return updated;
  });
  return (
    <FormDialog
      title="Change prices"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={`Update ${variantsNoun(selected.size)}`}
      submitting={submitting}
      formError={formError}
    >
      <Text size="sm">
        Changes the selling price of the {variantsNoun(selected.size)} selected, in {master.currency}.
      </Text>
      <Select label="Change" data={PRICE_ACTIONS} allowDeselect={false} {...form.getInputProps('action')} />
      {setting ? (
        <NumberInput
          label="New price"
          withAsterisk
          min={0}
          decimalScale={2}
          {...form.getInputProps('price')}
          data-autofocus
        />
      ) : (
        <NumberInput label="Percentage" withAsterisk min={0} suffix=" %" {...form.getInputProps('percentage')} />
      )}
    </FormDialog>
  );
}

interface StockValues {
  [key: string]: unknown;
  quantity: number | string;
}

export function BulkStockDialog(props: Props) {
  const { master, selected, onClose } = props;
  const queryClient = useQueryClient();
  const form = useForm<StockValues>({
    initialValues: { quantity: '' },
    validate: { quantity: (value) => (value === '' ? 'Enter a quantity.' : null) },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const quantity = Number(values.quantity);
    const updated = await forEachFilter(props, (filters) =>
      bulkUpdateStock(master.id, { action: 'set_quantity', quantity, ...(filters ? { filters } : {}) }),
    );
    await queryClient.invalidateQueries({ queryKey: masterKeys.one(master.id) });
    await queryClient.invalidateQueries({ queryKey: ['home'] });
    notifySuccess(`Stock of ${variantsNoun(updated)} set.`);
    onClose();
    return updated;
  });
  return (
    <FormDialog
      title="Set stock"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={`Update ${variantsNoun(selected.size)}`}
      submitting={submitting}
      formError={formError}
    >
      <Text size="sm">
        Sets the on-hand quantity of the {variantsNoun(selected.size)} selected in the default warehouse; each change is
        recorded as an adjustment.
      </Text>
      <NumberInput
        label="Quantity on hand"
        withAsterisk
        min={0}
        allowDecimal={false}
        {...form.getInputProps('quantity')}
        data-autofocus
      />
    </FormDialog>
  );
}
