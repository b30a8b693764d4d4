// The dashboard's charts, each shown only to those who may read what it draws (dashboard.ts): the orders to ship
// by date, the purchase spend by month and supplier, and the units in and out per week.
import { SegmentedControl, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { ChartSection } from '../charts/ChartSection';
import { usePurchaseSpend, useShippingSummary, useStockFlow } from './api';
import { flowChart, shippingChart, spendChart, spendCurrencies } from './charts';
import type { DashboardCards } from './dashboard';

export function HomeCharts({ cards }: { cards: DashboardCards }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      {cards.salesOrders && <ShippingChart />}
      {cards.stock && <StockFlowChart />}
      {cards.purchaseOrders && <SpendChart />}
    </SimpleGrid>
  );
}

function ShippingChart() {
  return (
    <ChartSection
      title="Orders to ship by date"
      query={useShippingSummary()}
      chart={shippingChart}
      empty="No orders are waiting to ship."
    />
  );
}

function StockFlowChart() {
  return (
    <ChartSection
      title="Units in and out per week"
      query={useStockFlow()}
      chart={flowChart}
      empty="No stock moved in the last 12 weeks."
    />
  );
}

function SpendChart() {
  const spend = usePurchaseSpend();
  const currencies = spend.data ? spendCurrencies(spend.data) : [];
  const [chosen, choose] = useState<string | null>(null);
  const currency = chosen && currencies.includes(chosen) ? chosen : currencies[0];
  return (
    <ChartSection
      title="Purchase spend by month"
      query={spend}
      chart={(data) => (currency ? spendChart(data, currency) : null)}
      empty="Nothing was ordered from suppliers in the last 12 months."
      controls={
        currencies.length > 1 && (
          <SegmentedControl
            aria-label="Currency"
            size="xs"
            data={currencies}
            value={currency}
            onChange={choose}
            style={{ alignSelf: 'flex-start' }}
          />
        )
      }
    />
  );
}
