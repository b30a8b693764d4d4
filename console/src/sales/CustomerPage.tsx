// One customer: contact data, addresses and notes, and their sales orders; editing and deleting where the role
// may. A customer with open orders cannot be deleted: the API's reason is shown.
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, unwrap } from '../api/client';
import { ActiveBadge } from '../components/ActiveBadge';
import { Guarded } from '../components/Guarded';
import { ListView, SkeletonLines } from '../components/ListView';
import { PageHeader } from '../components/PageHeader';
import { QueryView } from '../components/QueryView';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { formatCalendarDate, formatDateTime, formatMoney } from '../lib/format';
import type { ListStateShape } from '../lib/url-state';
import { useListPage } from '../lib/useListPage';
import { formatAddress } from './address';
import { useCustomer, useRefreshSales, useSalesOrders, type Customer } from './api';
import { CustomerFormDialog } from './CustomerFormDialog';
import { StatusBadge } from './StatusBadge';

export function CustomerPage() {
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  const [editing, setEditing] = useState(false);
  return (
    <QueryView query={customer} notFound="customer" errorTitle="Could not load the customer">
      {(data) => (
        <>
          <PageHeader
            title={
              <Group gap="sm" component="span">
                {data.name}
                <ActiveBadge active={data.is_active} />
              </Group>
            }
            description={data.company}
            trail={[['Customers', '/customers']]}
            actions={
              <>
                <Guarded ability="sales:create-orders">
                  <Button
                    component={Link}
                    to={`/sales/orders/new?customer=${data.id}`}
                    variant="default"
                    leftSection={<IconPlus size={16} />}
                  >
                    New order
                  </Button>
                </Guarded>
                <Guarded ability="crm:edit-customers">
                  <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                    Edit
                  </Button>
                </Guarded>
                <Guarded ability="crm:delete-customers">
                  <DeleteCustomerButton customer={data} />
                </Guarded>
              </>
            }
          />
          <Stack gap="md">
            <CustomerFacts customer={data} />
            <CustomerOrders customerId={data.id} />
          </Stack>
          {editing && <CustomerFormDialog customer={data} onClose={() => setEditing(false)} />}
        </>
      )}
    </QueryView>
  );
}

function DeleteCustomerButton({
  customer,
  disabled,
}: {
  customer: Customer;
  /** Set by Guarded. */ disabled?: boolean;
}) {
  const navigate = useNavigate();
  const refresh = useRefreshSales();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    const sure = await confirm({
      title: `Delete ${customer.name}?`,
      message: 'The customer leaves every list; their completed and cancelled orders keep their name.',
      confirmLabel: 'Delete customer',
      danger: true,
    });
    if (!sure) return;
    setBusy(true);
    try {
      await unwrap(api.DELETE('/api/v1/crm/customers/{id}', { params: { path: { id: customer.id } } }));
      notifySuccess(`${customer.name} deleted.`);
      await refresh({ now: false });
      void navigate('/customers');
    } catch (error) {
      notifyFailure(error, `Could not delete ${customer.name}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      color="red"
      variant="subtle"
      leftSection={<IconTrash size={16} />}
      loading={busy}
      disabled={disabled}
      onClick={() => void remove()}
    >
      Delete
    </Button>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

function CustomerFacts({ customer }: { customer: Customer }) {
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <Fact label="E-mail">{customer.email}</Fact>
        <Fact label="Phone">{customer.phone}</Fact>
        <Fact label="External id">{customer.external_id}</Fact>
        <Fact label="Shipping address">{formatAddress(customer.shipping_address)}</Fact>
        <Fact label="Billing address">{formatAddress(customer.billing_address)}</Fact>
        <Fact label="Added">{formatDateTime(customer.created_at)}</Fact>
      </SimpleGrid>
      {customer.notes && (
        <Stack gap={2} mt="md">
          <Fact label="Notes">{customer.notes}</Fact>
        </Stack>
      )}
    </Paper>
  );
}

const ORDER_SHAPE: ListStateShape<'orders'> = { filters: [], defaultSort: '-created_at' };

/** The customer's orders, newest first, paged in the URL. */
function CustomerOrders({ customerId }: { customerId: string }) {
  const list = useListPage(ORDER_SHAPE);
  const orders = useSalesOrders({
    page: list.state.page,
    per_page: 10,
    customer_id: customerId,
    sort_by: 'created_at',
    sort_direction: 'desc',
  });
  return (
    <Paper withBorder p="md" component="section" aria-label="Orders">
      <Title order={2} size="h4" mb="sm">
        Orders
      </Title>
      <ListView
        list={list}
        query={orders}
        noun={['order', 'orders']}
        errorTitle="Could not load the customer's orders"
        loading={<SkeletonLines count={3} height={30} label="Loading orders" />}
        none="No orders yet."
        noMatch="No orders match."
      >
        {(rows) => (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Orders of the customer" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Ship by</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/sales/orders/${order.id}`} fw={500}>
                        {order.order_number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={order.status} />
                    </Table.Td>
                    <Table.Td>{formatCalendarDate(order.requested_ship_date)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(order.total_amount, order.currency)}</Table.Td>
                    <Table.Td>{formatDateTime(order.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListView>
    </Paper>
  );
}
