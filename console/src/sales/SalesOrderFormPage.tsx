// Create a sales order, or edit one: the customer (found by search, or new with the order), the reference of the
// channel it came from, the requested ship date, priority, currency, notes, the ship-to address, the order's
// discount, shipping and tax, and the lines, each found by name, SKU or a scan, priced at the product's selling
// price. Totals follow every change; the API's refusals land at their fields and lines.
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { api, unwrap } from '../api/client';
import { LineProductCell } from '../components/LineProductCell';
import { FormError } from '../components/FormError';
import { NumberInput } from '../components/NumberInput';
import { PageHeader } from '../components/PageHeader';
import { QueryView } from '../components/QueryView';
import { notifySuccess } from '../lib/feedback';
import { formatMoney } from '../lib/format';
import { useApiSubmit } from '../lib/forms';
import { ProductSearch } from '../products/ProductSearch';
import { useRefreshSales, useSalesOrder, type SalesOrder } from './api';
import { AddressFields } from './AddressFields';
import { CustomerSelect } from './CustomerSelect';
import { addProduct, createBody, emptyOrder, orderToValues, updateBody, type OrderFormValues } from './form-values';
import { lineTotal, orderTotals } from './totals';

/** `?customer=<id>` (from a customer's page) starts the order for that customer. */
export function NewSalesOrderPage() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title="New sales order" trail={[['Sales orders', '/sales/orders']]} />
      <OrderForm initial={emptyOrder(params.get('customer'))} />
    </>
  );
}

export function EditSalesOrderPage() {
  const { id = '' } = useParams();
  const order = useSalesOrder(id);
  return (
    <QueryView query={order} notFound="sales order">
      {(data) => (
        <>
          <PageHeader
            title={`Edit ${data.order_number}`}
            trail={[
              ['Sales orders', '/sales/orders'],
              [data.order_number, `/sales/orders/${id}`],
            ]}
          />
          {data.allowed_actions.includes('edit') ? (
            <OrderForm initial={orderToValues(data)} existing={data} />
          ) : (
            <Text c="dimmed">A {data.status.replace('_', ' ')} order can no longer be edited.</Text>
          )}
        </>
      )}
    </QueryView>
  );
}

function OrderForm({ initial, existing }: { initial: OrderFormValues; existing?: SalesOrder }) {
  const navigate = useNavigate();
  const refresh = useRefreshSales();
  // What a saved order may still change (docs/sales.md, Actions: edit).
  const may = {
    customer: !existing || existing.status === 'draft',
    lines: !existing || existing.allowed_actions.includes('edit-lines'),
  };
  const form = useForm<OrderFormValues>({
    initialValues: initial,
    validate: {
      customer_id: (value, values) => (values.new_customer || value ? null : 'Choose a customer.'),
      customer: {
        name: (value, values) => (!values.new_customer || value.trim() ? null : "Enter the customer's name."),
      },
      lines: (value) => (value.length > 0 ? null : 'Add at least one product.'),
    },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const saved = existing
      ? await unwrap(
          api.PATCH('/api/v1/sales/orders/{id}', {
            params: { path: { id: existing.id } },
            body: updateBody(values, may),
          }),
        )
      : await unwrap(api.POST('/api/v1/sales/orders', { body: createBody(values) }));
    await refresh();
    notifySuccess(existing ? `${saved.data.order_number} saved.` : `${saved.data.order_number} created as a draft.`);
    void navigate(`/sales/orders/${saved.data.id}`);
  });
  const values = form.getValues();
  const currency = values.currency.trim().toUpperCase() || existing?.currency || '';

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormError message={formError} />
      <Stack gap="lg">
        <Paper withBorder p="md" component="section" aria-label="Customer">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Customer
            </Title>
            {may.customer && !existing && (
              <Checkbox
                label="New customer, created with the order"
                {...form.getInputProps('new_customer', { type: 'checkbox' })}
              />
            )}
            {values.new_customer ? (
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <TextInput label="Customer name" withAsterisk {...form.getInputProps('customer.name')} />
                <TextInput label="Customer e-mail" type="email" {...form.getInputProps('customer.email')} />
                <TextInput label="Company" {...form.getInputProps('customer.company')} />
              </SimpleGrid>
            ) : (
              <CustomerSelect
                label="Customer"
                placeholder="Search customers"
                withAsterisk
                disabled={!may.customer}
                description={may.customer ? undefined : 'The customer changes only while the order is a draft.'}
                selectedName={existing?.customer?.name}
                maw={480}
                {...form.getInputProps('customer_id')}
              />
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="section" aria-label="Order details">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Details
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              <TextInput label="Requested ship date" type="date" {...form.getInputProps('requested_ship_date')} />
              <NumberInput
                label="Priority"
                description="−1000 to 1000; higher gets arriving stock first"
                allowDecimal={false}
                min={-1000}
                max={1000}
                {...form.getInputProps('priority')}
              />
              <TextInput
                label="Currency"
                description="ISO 4217 code; the organisation's default when empty"
                placeholder="e.g. EUR"
                maxLength={3}
                disabled={!may.customer}
                {...form.getInputProps('currency')}
              />
              {!existing && (
                <>
                  <TextInput
                    label="Channel"
                    description="Where the order came from, e.g. a shop"
                    {...form.getInputProps('channel')}
                  />
                  <TextInput
                    label="External reference"
                    description="The order's number there"
                    {...form.getInputProps('external_ref')}
                  />
                </>
              )}
              <Textarea
                label="Notes"
                autosize
                minRows={2}
                {...form.getInputProps('notes')}
                style={{ gridColumn: '1 / -1' }}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="section" aria-label="Ship-to address">
          <Stack gap="sm">
            <AddressFields form={form} field="ship_to" title="Ship-to address" order={2} />
            {!existing && (
              <Text size="sm" c="dimmed">
                Left empty, the order ships to the customer&apos;s shipping address.
              </Text>
            )}
          </Stack>
        </Paper>
        <LinesEditor form={form} currency={currency} editable={may.lines} />
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => void navigate(existing ? `/sales/orders/${existing.id}` : '/sales/orders')}
          >
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {existing ? 'Save changes' : 'Create draft'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LinesEditor({
  form,
  currency,
  editable,
}: {
  form: UseFormReturnType<OrderFormValues>;
  currency: string;
  editable: boolean;
}) {
  const values = form.getValues();
  const lines = values.lines;
  const linesError = form.errors.lines;
  const totals = orderTotals(lines, values);
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <Paper withBorder p="md" component="section" aria-label="Lines">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Lines
        </Title>
        {editable ? (
          <ProductSearch
            error={typeof linesError === 'string' ? linesError : undefined}
            onPick={(product) => {
              form.setFieldValue('lines', addProduct(form.getValues().lines, product));
              form.clearFieldError('lines');
            }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            The lines cannot change while the order is on hold; release the hold first.
          </Text>
        )}
        {lines.length === 0 ? (
          <Text c="dimmed" size="sm">
            No lines yet: add the products sold.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table aria-label="Order lines" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th w={120}>Quantity</Table.Th>
                  <Table.Th w={150}>Unit price</Table.Th>
                  <Table.Th w={130}>Discount</Table.Th>
                  <Table.Th ta="right">Line total</Table.Th>
                  <Table.Th w={50} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line, index) => (
                  <Table.Tr key={line.key} style={{ verticalAlign: 'top' }}>
                    <LineProductCell
                      name={line.product_name}
                      sku={line.product_sku}
                      error={form.errors[`lines.${index}.product_id`]}
                    />
                    <Table.Td>
                      <NumberInput
                        aria-label={`Quantity of ${line.product_name}`}
                        allowDecimal={false}
                        min={1}
                        disabled={!editable}
                        {...form.getInputProps(`lines.${index}.quantity`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Unit price of ${line.product_name}`}
                        decimalScale={2}
                        min={0}
                        disabled={!editable}
                        {...form.getInputProps(`lines.${index}.unit_price`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Discount of ${line.product_name}`}
                        decimalScale={2}
                        min={0}
                        disabled={!editable}
                        {...form.getInputProps(`lines.${index}.discount_amount`)}
                      />
                    </Table.Td>
                    <Table.Td ta="right">{money(lineTotal(line))}</Table.Td>
                    <Table.Td>
                      {editable && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${line.product_name}`}
                          onClick={() => form.removeListItem('lines', index)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" maw={640} ml="auto" w="100%">
          <NumberInput label="Order discount" decimalScale={2} min={0} {...form.getInputProps('discount_amount')} />
          <NumberInput label="Shipping" decimalScale={2} min={0} {...form.getInputProps('shipping_amount')} />
          <NumberInput label="Tax" decimalScale={2} min={0} {...form.getInputProps('tax_amount')} />
        </SimpleGrid>
        <Table aria-label="Order totals" maw={320} ml="auto" verticalSpacing={4}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Subtotal</Table.Td>
              <Table.Td ta="right">{money(totals.subtotal)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Discount</Table.Td>
              <Table.Td ta="right">{money(totals.discount ? -totals.discount : 0)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Shipping</Table.Td>
              <Table.Td ta="right">{money(totals.shipping)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Tax</Table.Td>
              <Table.Td ta="right">{money(totals.tax)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td fw={700}>Total</Table.Td>
              <Table.Td ta="right" fw={700} aria-label="Order total">
                {money(totals.total)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
