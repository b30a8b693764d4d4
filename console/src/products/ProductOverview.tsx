import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Product } from './model';
import { DetailList } from './DetailList';
import { formatDateTime, formatMoney, formatNumber } from '../lib/format';
import { availability, codeLabel } from './format';
import { StockStatusBadge } from '../inventory/StockStatusBadge';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const orDash = (value: string | number | null) => (value === null || value === '' ? '—' : String(value));

export function ProductOverview({ product }: { product: Product }) {
  const dimensions = [product.length, product.width, product.height].every((value) => value === null)
    ? '—'
    : `${[product.length, product.width, product.height].map((value) => value ?? '?').join(' × ')} ${product.dimensions_unit}`;
  return (
    <Stack gap="lg">
      {(product.short_description || product.description) && (
        <Paper withBorder p="md">
          {product.short_description && <Text fw={500}>{product.short_description}</Text>}
          {product.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} mt={product.short_description ? 'xs' : 0}>
              {product.description}
            </Text>
          )}
        </Paper>
      )}
      <Paper withBorder p="md">
        <Title order={2} size="h5" mb="sm">
          Catalogue
        </Title>
        <DetailList
          label="Catalogue"
          items={[
            ['Type', codeLabel(product.type)],
            ['Slug', product.slug],
            [
              'Barcode',
              product.barcode
                ? `${product.barcode}${product.barcode_type ? ` (${product.barcode_type.toUpperCase()})` : ''}`
                : '—',
            ],
            ['Category', product.category?.name ?? '—'],
            ['Brand', product.brand?.name ?? '—'],
            ['Supplier', product.supplier ? `${product.supplier.name} (${product.supplier.code})` : '—'],
            [
              'Tags',
              product.tags.length === 0 ? (
                '—'
              ) : (
                <Group gap={4} component="span">
                  {product.tags.map((tag) => (
                    <Badge key={tag.id} variant="outline" size="sm">
                      {tag.name}
                    </Badge>
                  ))}
                </Group>
              ),
            ],
            ['Featured', yesNo(product.is_featured)],
          ]}
        />
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h5" mb="sm">
          Prices and stock
        </Title>
        <DetailList
          label="Prices and stock"
          items={[
            ['Selling price', formatMoney(product.selling_price, product.currency)],
            ['Cost price', formatMoney(product.cost_price, product.currency)],
            ['Taxable', `${yesNo(product.is_taxable)} (${codeLabel(product.tax_category)})`],
            [
              'Stock',
              product.track_inventory
                ? `${formatNumber(product.stock_quantity)} on hand · ${availability(product)}`
                : availability(product),
            ],
            ['Reorder point', orDash(product.reorder_point)],
            ['Reorder quantity', orDash(product.reorder_quantity)],
            ['Backorders', product.allow_backorders ? 'Allowed' : 'Not allowed'],
            ['Stock status', <StockStatusBadge key="status" status={product.stock_status} />],
          ]}
        />
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h5" mb="sm">
          Shipping
        </Title>
        <DetailList
          label="Shipping"
          items={[
            ['Requires shipping', yesNo(product.requires_shipping)],
            ['Weight', orDash(product.weight)],
            ['Dimensions (L × W × H)', dimensions],
          ]}
        />
      </Paper>
      {product.images.length > 0 && (
        <Paper withBorder p="md">
          <Title order={2} size="h5" mb="sm">
            Images
          </Title>
          <Stack gap={4}>
            {product.images.map((url) => (
              <Anchor key={url} href={url} target="_blank" rel="noreferrer" size="sm">
                {url}
              </Anchor>
            ))}
          </Stack>
        </Paper>
      )}
      <Text size="xs" c="dimmed">
        Created {formatDateTime(product.created_at)} · updated {formatDateTime(product.updated_at)}
        {product.status_changed_at && ` · status changed ${formatDateTime(product.status_changed_at)}`}
      </Text>
    </Stack>
  );
}
