import { Anchor, Card, List, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAwaitingApproval, useOverduePurchaseOrders } from './api';
import { QueryView } from '../components/QueryView';
import { DASHBOARD_LIMIT, DASHBOARD_LINKS } from './dashboard';
import { StatCard } from './StatCard';

/** Purchase orders waiting for someone: for approval, and past their expected delivery. */
export function PurchaseOrderCards() {
  const awaiting = useAwaitingApproval();
  return (
    <>
      <StatCard
        title="Awaiting approval"
        value={awaiting.data && String(awaiting.data.meta.total)}
        to={DASHBOARD_LINKS.awaitingApproval}
        description="Purchase orders submitted for approval."
        loading={awaiting.isPending}
        error={awaiting.error}
        onRetry={() => void awaiting.refetch()}
      />
      <OverdueCard />
    </>
  );
}

/** The overdue report has no list filter to lead to: the card lists the most overdue orders itself. */
function OverdueCard() {
  const overdue = useOverduePurchaseOrders();
  return (
    <Card withBorder padding="md" component="section" aria-label="Overdue purchase orders">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={600}>
          Overdue purchase orders
        </Text>
        <QueryView
          query={overdue}
          errorTitle="Could not load overdue orders"
          loading={<Skeleton height={34} width="60%" />}
        >
          {(orders) => (
            <>
              <Text fz={28} fw={700} c={orders.length > 0 ? 'red.8' : undefined}>
                {orders.length}
              </Text>
              {orders.length === 0 ? (
                <Text size="xs" c="dimmed">
                  Every open order is within its expected delivery date.
                </Text>
              ) : (
                <List size="sm" spacing={2} listStyleType="none">
                  {[...orders]
                    .sort((a, b) => b.days_overdue - a.days_overdue)
                    .slice(0, DASHBOARD_LIMIT)
                    .map((order) => (
                      <List.Item key={order.id}>
                        <Anchor
                          component={Link}
                          to={DASHBOARD_LINKS.purchaseOrder(order.id)}
                          size="sm"
                          underline="always"
                        >
                          {order.po_number}
                        </Anchor>{' '}
                        <Text span size="sm" c="dimmed">
                          · {order.supplier.name ?? 'Unknown supplier'}, {order.days_overdue}{' '}
                          {order.days_overdue === 1 ? 'day' : 'days'} late
                        </Text>
                      </List.Item>
                    ))}
                </List>
              )}
            </>
          )}
        </QueryView>
      </Stack>
    </Card>
  );
}
