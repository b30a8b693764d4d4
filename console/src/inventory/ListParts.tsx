// Pieces every list of the area uses: the pager under the table, and the empty state with its way out.
import { Button, Group, Pagination, Stack, Text } from '@mantine/core';
import { count } from './plural';

interface PagerProps {
  meta: { current_page: number; last_page: number; total: number } | undefined;
  onPage: (page: number) => void;
  /** What the list holds, singular and plural. */
  noun: [one: string, many: string];
}

export function Pager({ meta, onPage, noun }: PagerProps) {
  if (!meta || meta.total === 0) return null;
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        {count(meta.total, noun[0], noun[1])}
      </Text>
      {meta.last_page > 1 && <Pagination total={meta.last_page} value={meta.current_page} onChange={onPage} aria-label={`Pages of ${noun[1]}`} />}
    </Group>
  );
}

export function EmptyState({ message, onClear }: { message: string; onClear?: () => void }) {
  return (
    <Stack align="flex-start" gap="xs" py="lg">
      <Text c="dimmed">{message}</Text>
      {onClear && (
        <Button variant="light" size="xs" onClick={onClear}>
          Clear the filters
        </Button>
      )}
    </Stack>
  );
}
