import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { formatMoney } from '../lib/format';
import { DASHBOARD_LINKS } from './dashboard';
import { StatCard } from './StatCard';

/** Stock value, low stock and out of stock: one request for the three. */
export function StockCards() {
  const summary = useQuery({
    queryKey: ['home', 'inventory-summary'],
    queryFn: async () => (await unwrap(api.GET('/api/v1/operations/inventory/summary'))).data,
  });
  const shared = { loading: summary.isPending, error: summary.error, onRetry: () => void summary.refetch() };
  const data = summary.data;
  return (
    <>
      <StatCard
        title="Stock value"
        value={data && formatMoney(data.stock_value, data.currency)}
        to={DASHBOARD_LINKS.stockValue}
        description={data && `On hand at cost, over ${data.tracked_products} tracked products; products priced in other currencies are left out.`}
        {...shared}
      />
      <StatCard
        title="Low stock"
        value={data && String(data.low_stock_records)}
        to={DASHBOARD_LINKS.lowStock}
        description="Stock records at or below their reorder point: the lines of the reorder report."
        {...shared}
      />
      <StatCard title="Out of stock" value={data && String(data.out_of_stock_count)} to={DASHBOARD_LINKS.outOfStock} description="Tracked products with nothing available." {...shared} />
    </>
  );
}
