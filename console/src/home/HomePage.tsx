// The dashboard: the numbers an operator checks first, each leading to the list it counts, then the charts of how
// they move. Every card and chart asks for its own data at once (no request waits on another), and only those the
// user's abilities allow appear.
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useCurrentUser } from '../auth/session';
import { PageHeader } from '../components/PageHeader';
import { dashboardCards } from './dashboard';
import { HomeCharts } from './HomeCharts';
import { PurchaseOrderCards } from './PurchaseOrderCards';
import { RecentActivity } from './RecentActivity';
import { SalesOrderCards } from './SalesOrderCards';
import { StockCards } from './StockCards';

export function HomePage() {
  const me = useCurrentUser();
  const cards = dashboardCards(me.abilities);
  const figures = cards.stock || cards.purchaseOrders || cards.salesOrders;
  const anything = figures || cards.activity !== null;
  return (
    <Stack gap="md">
      <PageHeader title={`Welcome, ${me.user.name}`} description={me.tenant.name} />
      {figures && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {cards.stock && <StockCards />}
          {cards.purchaseOrders && <PurchaseOrderCards />}
          {cards.salesOrders && <SalesOrderCards />}
        </SimpleGrid>
      )}
      {figures && <HomeCharts cards={cards} />}
      {cards.activity && <RecentActivity source={cards.activity} />}
      {!anything && (
        <Text c="dimmed">Your role opens no dashboard figures. The navigation lists what you can use.</Text>
      )}
    </Stack>
  );
}
