// A chart on a card: its title, a sentence that sums it up, the drawing, and the figures it stands for in a table
// that screen readers read (visually hidden: the drawing shows them). One component for every chart, so that each
// loads, fails and comes up empty alike; the chart library itself is loaded lazily with the first chart drawn.
import { Card, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { QueryView, type Read } from '../components/QueryView';
import { figuresOf, type DrawnChart, type FigureTable } from './chart-spec';

const Chart = lazy(() => import('./Chart'));

const PLACEHOLDER = <Skeleton height={240} />;

interface Props<T> {
  title: string;
  query: Read<T>;
  /** What the answer shows: the drawing, its summary sentence and the header of its table's first column. */
  chart: (data: T) => DrawnChart | null;
  /** Said instead of the chart when `chart` answers null: nothing to draw. */
  empty: string;
  /** Controls above the chart (a period, a currency). */
  controls?: ReactNode;
}

export function ChartSection<T>({ title, query, chart, empty, controls }: Props<T>) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        {controls}
        <QueryView query={query} errorTitle={`Could not load ${title.toLowerCase()}`} loading={PLACEHOLDER}>
          {(data) => {
            const drawn = chart(data);
            if (!drawn)
              return (
                <Text c="dimmed" size="sm" py="lg">
                  {empty}
                </Text>
              );
            return (
              <>
                <Text size="sm" c="dimmed">
                  {drawn.summary}
                </Text>
                <div aria-hidden>
                  <Suspense fallback={PLACEHOLDER}>
                    <Chart spec={drawn.spec} />
                  </Suspense>
                </div>
                <FiguresTable caption={title} figures={figuresOf(drawn.spec, drawn.rowHeader)} />
              </>
            );
          }}
        </QueryView>
      </Stack>
    </Card>
  );
}

function FiguresTable({ caption, figures }: { caption: string; figures: FigureTable }) {
  return (
    <VisuallyHidden>
      <Table>
        <caption>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{figures.rowHeader}</Table.Th>
            {figures.columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {figures.rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row">{row.label}</Table.Th>
              {row.values.map((value, i) => (
                <Table.Td key={figures.columns[i]}>{value}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}
