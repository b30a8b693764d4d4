// One master product: its details, the variant configuration editor and the variant matrix. The master, its
// variants and the combination counts load at once, in parallel.
import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Guarded } from '../components/Guarded';
import { PageHeader } from '../components/PageHeader';
import { QueryView } from '../components/QueryView';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { deleteMaster, masterKeys, useAvailableValues, useMasterProduct, useVariants, type MasterProduct } from './api';
import { MasterProductFormDialog } from './MasterProductFormDialog';
import { formatMoney } from '../lib/format';
import { StatusBadge } from './status';
import { VariantConfigurationEditor } from './VariantConfigurationEditor';
import { VariantMatrix } from './VariantMatrix';

export function MasterProductPage() {
  const { id = '' } = useParams();
  const [variantPage, setVariantPage] = useState(1);
  const master = useMasterProduct(id);
  const variants = useVariants(id, variantPage);
  const available = useAvailableValues(id);

  return (
    <QueryView query={master} notFound="master product" errorTitle="Could not load the master product">
      {(data) => (
        <Stack gap="md">
          <MasterHeader master={data} />
          <MasterDetails master={data} />
          {/* Keyed by the stored configuration: after a save or another change the editor starts from it again. */}
          <VariantConfigurationEditor
            key={JSON.stringify(data.variant_attributes)}
            master={data}
            availableCombinations={available.data?.meta.available_combinations}
          />
          <VariantMatrix master={data} variants={variants} page={variantPage} onPage={setVariantPage} />
        </Stack>
      )}
    </QueryView>
  );
}

function MasterHeader({ master }: { master: MasterProduct }) {
  const [editing, setEditing] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const remove = async () => {
    const ok = await confirm({
      title: `Delete ${master.name}?`,
      message: `Its ${master.products_count} variants are deleted with it. Refused while any variant holds stock.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteMaster(master.id);
      queryClient.removeQueries({ queryKey: masterKeys.one(master.id) });
      await queryClient.invalidateQueries({ queryKey: masterKeys.all });
      notifySuccess(`${master.name} deleted.`);
      void navigate('/master-products');
    } catch (error) {
      notifyFailure(error, `${master.name} was not deleted`);
    }
  };

  return (
    <>
      <PageHeader
        title={master.name}
        description={
          <Group gap="xs" component="span">
            <StatusBadge status={master.status} />
            <span>{master.sku ? `Base SKU ${master.sku}` : `Slug ${master.slug}`}</span>
          </Group>
        }
        trail={[['Master products', '/master-products']]}
        actions={
          <>
            <Guarded ability="operations:edit-products">
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            </Guarded>
            <Guarded ability="operations:delete-products">
              <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => void remove()}>
                Delete
              </Button>
            </Guarded>
          </>
        }
      />
      {editing && <MasterProductFormDialog master={master} onClose={() => setEditing(false)} />}
    </>
  );
}

function MasterDetails({ master }: { master: MasterProduct }) {
  const facts: [string, string][] = [
    ['Base price', formatMoney(master.base_price, master.currency)],
    ['Base cost price', formatMoney(master.base_cost_price, master.currency)],
    ['Brand', [master.brand, master.model].filter(Boolean).join(' ') || '—'],
    ['Category', master.category?.name ?? '—'],
    ['Supplier', master.supplier?.name ?? '—'],
    ['Variants', String(master.products_count)],
  ];
  return (
    <Card withBorder padding="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={500}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {master.short_description && (
        <Text size="sm" mt="sm">
          {master.short_description}
        </Text>
      )}
    </Card>
  );
}
