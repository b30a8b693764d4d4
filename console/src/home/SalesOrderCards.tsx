import { useSalesOrderCount } from './api';
import { DASHBOARD_LINKS } from './dashboard';
import { StatCard } from './StatCard';

/** Sales orders waiting for the warehouse: those to ship, and those with lines waiting for stock. */
export function SalesOrderCards() {
  const confirmed = useSalesOrderCount({ status: 'confirmed' });
  const partly = useSalesOrderCount({ status: 'partially_shipped' });
  const backordered = useSalesOrderCount({ backordered: true });
  const total = (meta: { total?: number } | undefined) => meta?.total ?? 0;
  const toShip = confirmed.data && partly.data ? total(confirmed.data) + total(partly.data) : undefined;
  return (
    <>
      <StatCard
        title="Orders to ship"
        value={toShip === undefined ? undefined : String(toShip)}
        to={DASHBOARD_LINKS.ordersToShip}
        description={
          toShip === undefined
            ? undefined
            : `${total(confirmed.data)} confirmed, ${total(partly.data)} partially shipped.`
        }
        loading={confirmed.isPending || partly.isPending}
        error={confirmed.error ?? partly.error}
        onRetry={() => void Promise.all([confirmed.refetch(), partly.refetch()])}
      />
      <StatCard
        title="Backorders"
        value={backordered.data && String(total(backordered.data))}
        to={DASHBOARD_LINKS.backorders}
        description="Confirmed orders with lines waiting for stock."
        loading={backordered.isPending}
        error={backordered.error}
        onRetry={() => void backordered.refetch()}
      />
    </>
  );
}
