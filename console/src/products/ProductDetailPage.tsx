// One product: what it is, its attribute values, its stock per warehouse with the latest movements, its
// documents and, for those who may read the audit log, what was done to it. Every tab's data is asked for at
// once (the panels stay mounted), so switching tabs does not wait.
import { Button, Group, Tabs } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCan } from '../auth/session';
import { Guarded } from '../components/Guarded';
import { PageHeader } from '../components/PageHeader';
import { QueryView } from '../components/QueryView';
import { useProduct } from './api';
import { ProductActions } from './ProductActions';
import { ProductActivity } from './ProductActivity';
import { ProductAttributes } from './ProductAttributes';
import { ProductDocuments } from './ProductDocuments';
import { ProductOverview } from './ProductOverview';
import { ProductStock } from './ProductStock';
import { StatusBadge } from './StatusBadge';

const TABS = ['overview', 'attributes', 'stock', 'documents', 'activity'] as const;
type Tab = (typeof TABS)[number];

export function ProductDetailPage() {
  const { id = '' } = useParams();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const product = useProduct(id);

  const shown: Record<Tab, boolean> = {
    overview: true,
    attributes: true,
    stock: can('operations:view-inventory'),
    documents: true,
    activity: can('system:view-audit-logs'),
  };
  const asked = TABS.find((tab) => tab === params.get('tab'));
  const tab: Tab = asked && shown[asked] ? asked : 'overview';

  return (
    <QueryView query={product} notFound="product" errorTitle="Could not load the product">
      {(current) => (
        <>
          <PageHeader
            trail={[['Products', '/products']]}
            title={
              <Group gap="sm" component="span">
                {current.name}
                <StatusBadge status={current.status} />
              </Group>
            }
            description={`SKU ${current.sku}${current.status_reason ? ` · ${current.status_reason}` : ''}`}
            actions={
              <>
                <Guarded ability="operations:edit-products">
                  <Button component={Link} to={`/products/${current.id}/edit`} leftSection={<IconPencil size={16} />}>
                    Edit
                  </Button>
                </Guarded>
                <ProductActions product={current} />
              </>
            }
          />
          <Tabs
            value={tab}
            onChange={(next) => setParams(next && next !== 'overview' ? { tab: next } : {}, { replace: true })}
            keepMounted
          >
            <Tabs.List mb="md">
              <Tabs.Tab value="overview">Overview</Tabs.Tab>
              <Tabs.Tab value="attributes">Attributes</Tabs.Tab>
              {shown.stock && <Tabs.Tab value="stock">Stock</Tabs.Tab>}
              <Tabs.Tab value="documents">Documents</Tabs.Tab>
              {shown.activity && <Tabs.Tab value="activity">Activity</Tabs.Tab>}
            </Tabs.List>
            <Tabs.Panel value="overview">
              <ProductOverview product={current} />
            </Tabs.Panel>
            <Tabs.Panel value="attributes">
              <ProductAttributes product={current} />
            </Tabs.Panel>
            {shown.stock && (
              <Tabs.Panel value="stock">
                <ProductStock product={current} />
              </Tabs.Panel>
            )}
            <Tabs.Panel value="documents">
              <ProductDocuments product={current} />
            </Tabs.Panel>
            {shown.activity && (
              <Tabs.Panel value="activity">
                <ProductActivity product={current} />
              </Tabs.Panel>
            )}
          </Tabs>
        </>
      )}
    </QueryView>
  );
}
