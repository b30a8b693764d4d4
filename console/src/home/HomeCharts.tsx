// The dashboard's charts, each shown only to those who may read what it draws (dashboard.ts): the orders to ship
// by date, the units in and out per week, and the purchase spend by month and supplier. A chart not shown asks
// for nothing.
import { SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { ChartChoice } from '../charts/ChartChoice';
import { ChartSection } from '../charts/ChartSection';
import { usePurchaseSpend, useShippingSummary, useStockFlow } from './api';
import { flowChart, shippingChart, spendChart, spendCurrencies } from './charts';
import type { DashboardCards } from './dashboard';

export function HomeCharts({ cards }: { cards: DashboardCards }) {
  const shipping = useShippingSummary(cards.salesOrders);
  const flow = useStockFlow(cards.stock);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      {cards.salesOrders && (
        <ChartSection
          title="Orders to ship by date"
          query={shipping}
          chart={shippingChart}
          empty="No orders are waiting to ship."
        />
      )}
      {cards.stock && (
        <ChartSection
          title="Units in and out per week"
          query={flow}
          chart={flowChart}
          empty="No stock moved in the last 12 weeks."
        />
      )}
      {cards.purchaseOrders && <SpendChart />}
    </SimpleGrid>
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
        currency &&
        currencies.length > 1 && <ChartChoice label="Currency" data={currencies} value={currency} onChange={choose} />
      }
    />
  );
}
