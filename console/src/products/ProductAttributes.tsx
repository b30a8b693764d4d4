// The product's attribute values, named and written as their definitions say (label, unit, Yes/No…).
import { Table, Text } from '@mantine/core';
import { PageLoader } from '../components/PageLoader';
import { QueryError } from '../components/QueryError';
import { useAttributeDefinitions } from './api';
import type { Product } from './model';
import { formatAttributeValue } from './format';

export function ProductAttributes({ product }: { product: Product }) {
  const definitions = useAttributeDefinitions();
  if (definitions.isPending) return <PageLoader />;
  if (definitions.isError)
    return (
      <QueryError
        error={definitions.error}
        onRetry={() => void definitions.refetch()}
        title="Could not load the attributes"
      />
    );

  const byCode = new Map(definitions.data.map((attribute) => [attribute.code, attribute]));
  const known = definitions.data.filter(
    (attribute) => product.attributes[attribute.code] !== undefined && product.attributes[attribute.code] !== null,
  );
  const rows = known.map((attribute) => ({
    code: attribute.code,
    label: attribute.label,
    value: product.attributes[attribute.code],
  }));
  if (rows.length === 0) return <Text c="dimmed">This product has no attribute values.</Text>;

  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label="Attribute values" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Attribute</Table.Th>
            <Table.Th>Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.code}>
              <Table.Td>
                {row.label}{' '}
                <Text span size="xs" c="dimmed" ff="monospace">
                  {row.code}
                </Text>
              </Table.Td>
              <Table.Td>{formatAttributeValue(row.value, byCode.get(row.code))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
