import { useSalesOrderCount } from './api';
import { DASHBOARD_LINKS } from './dashboard';
import { StatCard } from './StatCard';

/** Sales orders waiting for the warehouse: those to ship, and those with lines waiting for stock. */
export function SalesOrderCards() {
  const confirmed = useSalesOrderCount({ status: 'confirmed' });
  const partly = useSalesOrderCount({ status: 'partially_shipped' });
  const backordered = useSalesOrderCount({ backordered: true });
  const toShip = confirmed.data === undefined || partly.data === undefined ? undefined : confirmed.data + partly.data;
  return (
    <>
      <StatCard
        title="Orders to ship"
        value={toShip === undefined ? undefined : String(toShip)}
        to={DASHBOARD_LINKS.ordersToShip}
        description={
          toShip === undefined ? undefined : `${confirmed.data} confirmed, ${partly.data} partially shipped.`
        }
        loading={confirmed.isPending || partly.isPending}
        error={confirmed.error ?? partly.error}
        onRetry={() => void Promise.all([confirmed.refetch(), partly.refetch()])}
      />
      <StatCard
        title="Backorders"
        value={backordered.data === undefined ? undefined : String(backordered.data)}
        to={DASHBOARD_LINKS.backorders}
        description="Confirmed orders with lines waiting for stock."
        loading={backordered.isPending}
        error={backordered.error}
        onRetry={() => void backordered.refetch()}
      />
    </>
  );
}
