// A supplier's performance as the API computes it: orders, delivery, quality, spend, compliance and activity.
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate, formatMoney, formatPercent } from '../lib/format';
import { SUPPLIER_CURRENCY } from './format';
import type { SupplierPerformance } from './types';

const days = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} d`);

export function SupplierPerformanceCard({ performance }: { performance: SupplierPerformance }) {
  const { orders, delivery, quality, financial, compliance, activity } = performance;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
      <Figure label="Orders">{orders.total}</Figure>
      <Figure label="On time / late">
        {orders.on_time} / {orders.late}
      </Figure>
      <Figure label="On-time rate">{formatPercent(orders.on_time_rate)}</Figure>
      <Figure label="Average lead time">{days(delivery.average_lead_time_days)}</Figure>
      <Figure label="Received vs promised">{days(delivery.promised_vs_actual)}</Figure>
      <Figure label="Return rate">{formatPercent(quality.return_rate)}</Figure>
      <Figure label="Defect rate">{formatPercent(quality.defect_rate)}</Figure>
      <Figure label="Total spend">{formatMoney(financial.total_spend, SUPPLIER_CURRENCY)}</Figure>
      <Figure label="Average order">{formatMoney(financial.average_order_value, SUPPLIER_CURRENCY)}</Figure>
      <Figure label="Orders, last 90 days">{activity.orders_last_90_days}</Figure>
      <Figure label="Last order">{formatDate(activity.last_order_date)}</Figure>
      <Figure label="Approved">{compliance.approved ? 'Yes' : 'No'}</Figure>
      <Figure label="Last audit">{formatDate(compliance.last_audit_date)}</Figure>
    </SimpleGrid>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </Stack>
  );
}
