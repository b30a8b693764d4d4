// Physical count: pick a warehouse (remembered in the browser), add the counted products, by picking them or
// by scanning each unit (every scan counts one more), enter what was counted and see each line's variance
// against the on-hand quantity before submitting; then each line is recorded (one request per product, as the
// API takes them) and the outcome shown line by line. Below 768 px the lines are cards with large controls.
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { NumberInput } from '../components/NumberInput';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { components } from '../../../clients/typescript/src/openapi';
import { api, unwrap } from '../api/client';
import { errorMessage } from '../api/errors';
import { useCan } from '../auth/session';
import { Figure } from '../components/Figure';
import { PageHeader } from '../components/PageHeader';
import { QuantityField } from '../components/QuantityField';
import { ScanField } from '../components/ScanField';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { useNarrowScreen } from '../lib/useNarrowScreen';
import { useScanner } from '../lib/useScanner';
import { useProductScan } from '../products/useProductScan';
import {
  countScanned,
  countTotals,
  previewCount,
  signed,
  type CountPreview,
  type CountSheetLine,
} from './physical-count';
import { count } from './plural';
import { ProductPicker, productLabel, type PickedProduct } from './ProductPicker';
import { useOnHand, useRefreshInventory } from './api';
import { useRememberedWarehouse } from './useRememberedWarehouse';
import { WarehouseSelect } from './WarehouseSelect';

type CountRecord = components['schemas']['PhysicalCountRecord'];

type Line = CountSheetLine<PickedProduct>;

type Outcome = { product: PickedProduct } & (
  { ok: true; count: CountRecord; onHand: number } | { ok: false; message: string }
);

export function PhysicalCountPage() {
  const can = useCan();
  const refresh = useRefreshInventory();
  const narrow = useNarrowScreen();
  const [warehouseId, setWarehouseId] = useRememberedWarehouse();
  const [lines, setLines] = useState<Line[]>([]);
  const [lastScanned, setLastScanned] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const { onHand, loading, error } = useOnHand(
    warehouseId,
    lines.map((line) => line.product.id),
  );
  const previews = previewCount(
    lines.map((line) => ({ productId: line.product.id, counted: line.counted === '' ? null : Number(line.counted) })),
    onHand,
  );
  const totals = countTotals(previews);

  const addProduct = (product: PickedProduct | null) => {
    if (!product || lines.some((line) => line.product.id === product.id)) return;
    setLines((current) => [...current, { product, counted: '' }]);
  };
  const setCounted = (productId: string, counted: number | string) =>
    setLines((current) => current.map((line) => (line.product.id === productId ? { ...line, counted } : line)));
  const remove = (productId: string) => setLines((current) => current.filter((line) => line.product.id !== productId));

  // Each scan is one unit of the product on the shelf.
  const scanning = useProductScan(({ id, name, sku }) => {
    setLines((current) => countScanned(current, { id, name, sku }));
    setLastScanned(id);
    return null;
  });
  const scanCode = (code: string) => void scanning.scan(code);
  useScanner(scanCode, { enabled: warehouseId !== null, page: true });
  const pickerScanner = useScanner(scanCode, { enabled: warehouseId !== null });

  const submit = async () => {
    if (!warehouseId) return;
    const counted = lines.filter((line) => line.counted !== '');
    const ok = await confirm({
      title: 'Record the count',
      message: `${count(totals.counted, 'product', 'products')} counted; ${totals.changed} change stock (+${totals.unitsGained} / -${totals.unitsLost} units). On hand is set to the counted quantities.`,
      confirmLabel: 'Record the count',
    });
    if (!ok) return;
    setSubmitting(true);
    const results: Outcome[] = [];
    // One line after another: each is its own stock change, and the outcome is reported per line.
    for (const line of counted) {
      try {
        const { data } = await unwrap(
          api.POST('/api/v1/operations/inventory/physical-count', {
            body: { product_id: line.product.id, warehouse_id: warehouseId, counted_quantity: Number(line.counted) },
          }),
        );
        results.push({ product: line.product, ok: true, count: data.count, onHand: data.quantity_on_hand });
      } catch (failure) {
        results.push({ product: line.product, ok: false, message: errorMessage(failure) });
      }
    }
    setSubmitting(false);
    setOutcomes(results);
    // Keep the lines that failed, to correct and submit again; the others are done.
    const failed = new Set(results.filter((result) => !result.ok).map((result) => result.product.id));
    setLines((current) => current.filter((line) => line.counted === '' || failed.has(line.product.id)));
    void refresh();
    if (failed.size === 0) notifySuccess(`Count recorded for ${count(results.length, 'product', 'products')}.`);
    else
      notifyFailure(
        new Error(`${failed.size} of ${results.length} lines were refused; see the results.`),
        'Part of the count was refused',
      );
  };

  return (
    <>
      <PageHeader
        title="Physical count"
        description="Enter what was counted on the shelves; the variance against the system's on-hand quantity shows before anything changes."
        trail={[['Stock', '/inventory']]}
      />
      <Stack gap="md">
        <Group align="flex-end" wrap="wrap">
          <WarehouseSelect
            label="Warehouse"
            required
            searchable
            value={warehouseId}
            onChange={setWarehouseId}
            size={narrow ? 'lg' : 'sm'}
            w={{ base: '100%', sm: 280 }}
          />
          <ProductPicker
            key={lines.length}
            label="Add a product"
            value={null}
            onChange={addProduct}
            onKeyDown={pickerScanner.onKeyDown}
            disabled={!warehouseId}
            size={narrow ? 'lg' : 'sm'}
            w={{ base: '100%', sm: 340 }}
          />
          <ScanField
            description="Each scan counts one unit"
            onCode={scanCode}
            looking={scanning.looking}
            error={scanning.refusal}
            disabled={!warehouseId}
            w={{ base: '100%', sm: 300 }}
          />
        </Group>
        <LastScan line={lines.find((line) => line.product.id === lastScanned)} />
        {!warehouseId && <Text c="dimmed">Choose the warehouse that was counted.</Text>}
        {error !== undefined && (
          <Alert color="red" role="alert">
            Could not read the on-hand quantities: {errorMessage(error)}
          </Alert>
        )}
        {warehouseId &&
          lines.length > 0 &&
          (narrow ? (
            <CountCards previews={previews} lines={lines} loading={loading} onCount={setCounted} onRemove={remove} />
          ) : (
            <CountTable previews={previews} lines={lines} loading={loading} onCount={setCounted} onRemove={remove} />
          ))}
        {warehouseId && lines.length > 0 && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" aria-live="polite">
              {totals.counted} of {count(lines.length, 'line', 'lines')} counted; {totals.changed} change stock (+
              {totals.unitsGained} / -{totals.unitsLost} units).
            </Text>
            {can('operations:adjust-stock') ? (
              <Button
                onClick={() => void submit()}
                loading={submitting}
                disabled={totals.counted === 0 || loading}
                size={narrow ? 'lg' : 'sm'}
                fullWidth={narrow}
              >
                Review and record
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                Recording a count needs operations:adjust-stock.
              </Text>
            )}
          </Group>
        )}
        {outcomes && (narrow ? <CountOutcomeList outcomes={outcomes} /> : <CountOutcomes outcomes={outcomes} />)}
      </Stack>
    </>
  );
}

interface CountTableProps {
  previews: CountPreview[];
  lines: Line[];
  loading: boolean;
  onCount: (productId: string, counted: number | string) => void;
  onRemove: (productId: string) => void;
}

function CountTable({ previews, lines, loading, onCount, onRemove }: CountTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label="Count lines" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">On hand</Table.Th>
            <Table.Th>Counted</Table.Th>
            <Table.Th ta="right">Variance</Table.Th>
            <Table.Th ta="right">Variance %</Table.Th>
            <Table.Th>Remove</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => {
            const preview = previews[index]!;
            return (
              <Table.Tr key={line.product.id}>
                <Table.Td>{productLabel(line.product)}</Table.Td>
                <Table.Td ta="right">{loading ? '…' : preview.onHand}</Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Counted quantity of ${line.product.name}`}
                    value={line.counted}
                    onChange={(value) => onCount(line.product.id, value)}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    w={120}
                  />
                </Table.Td>
                <Table.Td ta="right">
                  <Variance value={preview.variance} />
                </Table.Td>
                <Table.Td ta="right">
                  {preview.variancePercentage === null ? '—' : `${signed(preview.variancePercentage)} %`}
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${line.product.name}`}
                    onClick={() => onRemove(line.product.id)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What the last scan did, said to a screen reader too. */
function LastScan({ line }: { line: Line | undefined }) {
  return (
    <Text size="sm" aria-live="polite">
      {line ? `Last scan: ${productLabel(line.product)}, ${line.counted} counted` : ''}
    </Text>
  );
}

/** The lines as cards, for a phone: the counted quantity with large buttons for one more or one less. */
function CountCards({ previews, lines, loading, onCount, onRemove }: CountTableProps) {
  return (
    <Stack gap="sm" aria-label="Count lines" role="list">
      {lines.map((line, index) => {
        const preview = previews[index]!;
        return (
          <Paper key={line.product.id} withBorder p="sm" role="listitem">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Stack gap={0} miw={0}>
                <Text fw={600}>{line.product.name}</Text>
                <Text size="sm" c="dimmed">
                  {line.product.sku}
                </Text>
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                size="xl"
                aria-label={`Remove ${line.product.name}`}
                onClick={() => onRemove(line.product.id)}
              >
                <IconTrash size={22} />
              </ActionIcon>
            </Group>
            <Box mt="sm">
              <QuantityField
                label="Counted"
                name={`Counted quantity of ${line.product.name}`}
                of={line.product.name}
                value={line.counted}
                onChange={(value) => onCount(line.product.id, value)}
              />
            </Box>
            <SimpleGrid cols={3} mt="sm" spacing="xs">
              <Figure label="On hand" value={loading ? '…' : String(preview.onHand)} />
              <Figure label="Variance" value={<Variance value={preview.variance} />} />
              <Figure
                label="Variance %"
                value={preview.variancePercentage === null ? '—' : `${signed(preview.variancePercentage)} %`}
              />
            </SimpleGrid>
          </Paper>
        );
      })}
    </Stack>
  );
}

function Variance({ value }: { value: number | null }) {
  if (value === null) return <>—</>;
  return (
    <Text span size="sm" fw={600} c={value > 0 ? 'teal' : value < 0 ? 'red' : undefined}>
      {signed(value)}
    </Text>
  );
}

function CountOutcomes({ outcomes }: { outcomes: Outcome[] }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Result
      </Title>
      <Table.ScrollContainer minWidth={700}>
        <Table aria-label="Count results" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">System before</Table.Th>
              <Table.Th ta="right">Counted</Table.Th>
              <Table.Th ta="right">Variance</Table.Th>
              <Table.Th ta="right">On hand now</Table.Th>
              <Table.Th>Outcome</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {outcomes.map((outcome) => (
              <Table.Tr key={outcome.product.id}>
                <Table.Td>{productLabel(outcome.product)}</Table.Td>
                {outcome.ok ? (
                  <>
                    <Table.Td ta="right">{outcome.count.system_quantity_before}</Table.Td>
                    <Table.Td ta="right">{outcome.count.counted_quantity}</Table.Td>
                    <Table.Td ta="right">
                      <Variance value={outcome.count.variance} />
                    </Table.Td>
                    <Table.Td ta="right">{outcome.onHand}</Table.Td>
                    <Table.Td>
                      <Badge miw="max-content" color="teal" variant="light">
                        Recorded
                      </Badge>
                    </Table.Td>
                  </>
                ) : (
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="red">
                      {outcome.message}
                    </Text>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The results as a list, for a phone. */
function CountOutcomeList({ outcomes }: { outcomes: Outcome[] }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Result
      </Title>
      <Stack gap="xs" role="list" aria-label="Count results">
        {outcomes.map((outcome) => (
          <Paper key={outcome.product.id} withBorder p="sm" role="listitem">
            <Text fw={600}>{productLabel(outcome.product)}</Text>
            {outcome.ok ? (
              <Text size="sm">
                Recorded: {outcome.count.system_quantity_before} → {outcome.count.counted_quantity} (
                <Variance value={outcome.count.variance} />
                ); {outcome.onHand} on hand now
              </Text>
            ) : (
              <Text size="sm" c="red">
                {outcome.message}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
