// The product's on-hand stock over the last days, per warehouse, from the ledger's daily levels.
import { useState } from 'react';
import { ChartChoice } from '../charts/ChartChoice';
import { ChartSection } from '../charts/ChartSection';
import { useProductLevels } from './api';
import { stockChart } from './stock-chart';

const PERIODS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: 'A year' },
];

export function ProductStockChart({ productId }: { productId: string }) {
  const [days, setDays] = useState('90');
  return (
    <ChartSection
      title="Stock on hand over time"
      query={useProductLevels(productId, Number(days))}
      chart={stockChart}
      empty="No stock of this product has moved yet."
      controls={<ChartChoice label="Period" data={PERIODS} value={days} onChange={setDays} />}
    />
  );
}
