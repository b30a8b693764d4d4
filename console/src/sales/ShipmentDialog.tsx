// Creates a shipment of the order from one warehouse: everything its lines hold reserved there and no other open
// shipment takes (docs/sales.md, Creating a shipment), then goes to the shipment.
import { Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { api, unwrap } from '../api/client';
import { FormDialog } from '../components/FormDialog';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { useRefreshSales, useWarehouses, type SalesOrder } from './api';
import { allocationWarehouses } from './allocation';

export function ShipmentDialog({ order, onClose }: { order: SalesOrder; onClose: () => void }) {
  const navigate = useNavigate();
  const refresh = useRefreshSales();
  const warehouses = useWarehouses();
  const names = new Map((warehouses.data ?? []).map((warehouse) => [warehouse.id, warehouse.name]));
  const holding = allocationWarehouses(order.lines ?? []);
  const form = useForm({
    initialValues: { warehouse_id: holding[0]?.warehouse_id ?? null },
    validate: { warehouse_id: (value: string | null) => (value ? null : 'Choose the warehouse to ship from.') },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const shipment = await unwrap(
      api.POST('/api/v1/sales/orders/{id}/shipments', {
        params: { path: { id: order.id } },
        body: { warehouse_id: values.warehouse_id ?? '' },
      }),
    );
    await refresh();
    notifySuccess(`${shipment.data.shipment_number} created from ${shipment.data.warehouse_name}.`);
    onClose();
    void navigate(`/sales/shipments/${shipment.data.id}`);
  });
  return (
    <FormDialog
      title={`Create a shipment of ${order.order_number}`}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Create shipment"
      submitting={submitting}
      formError={formError}
    >
      <Text size="sm">The shipment takes what the lines hold reserved in the warehouse.</Text>
      <Select
        label="Ship from"
        withAsterisk
        data={holding.map((entry) => ({
          value: entry.warehouse_id,
          label: `${names.get(entry.warehouse_id) ?? entry.warehouse_id} (${entry.quantity} reserved)`,
        }))}
        nothingFoundMessage="Nothing of the order is reserved"
        {...form.getInputProps('warehouse_id')}
      />
    </FormDialog>
  );
}
