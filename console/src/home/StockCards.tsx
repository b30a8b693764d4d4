import { useInventorySummary } from './api';
import { formatMoney } from '../lib/format';
import { DASHBOARD_LINKS, stockValueTotals } from './dashboard';
import { StatCard } from './StatCard';

/** Stock value, low stock and out of stock: one request for the three. */
export function StockCards() {
  const summary = useInventorySummary();
  const shared = { loading: summary.isPending, error: summary.error, onRetry: () => void summary.refetch() };
  const data = summary.data;
  const totals = data && stockValueTotals(data.stock_values);
  return (
    <>
      <StatCard
        title="Stock value"
        value={totals?.map((total) => formatMoney(total.value, total.currency)).join(' · ')}
        to={DASHBOARD_LINKS.stockValue}
        description={
          data &&
          `On hand at cost, over ${data.tracked_products} tracked products${totals && totals.length > 1 ? '; one total per currency, none converted' : ''}.`
        }
        {...shared}
      />
      <StatCard
        title="Low stock"
        value={data && String(data.low_stock_records)}
        to={DASHBOARD_LINKS.lowStock}
        description="Stock records at or below their reorder point: the lines of the reorder report."
        {...shared}
      />
      <StatCard
        title="Out of stock"
        value={data && String(data.out_of_stock_count)}
        to={DASHBOARD_LINKS.outOfStock}
        description="Tracked products with nothing available."
        {...shared}
      />
    </>
  );
}
