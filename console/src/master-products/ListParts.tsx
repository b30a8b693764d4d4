// Pieces of the master product list: the pager and the empty state.
import { Button, Group, Pagination, Stack, Text } from '@mantine/core';

export function Pager({ page, lastPage, total, onPage }: { page: number; lastPage: number; total: number; onPage: (page: number) => void }) {
  if (total === 0) return null;
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {total} {total === 1 ? 'master product' : 'master products'}
      </Text>
      {lastPage > 1 && <Pagination total={lastPage} value={page} onChange={onPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />}
    </Group>
  );
}

export function EmptyState({ message, onClear }: { message: string; onClear?: () => void }) {
  return (
    <Stack align="flex-start" py="lg" gap="xs">
      <Text c="dimmed">{message}</Text>
      {onClear && (
        <Button variant="light" size="xs" onClick={onClear}>
          Clear the filters
        </Button>
      )}
    </Stack>
  );
}
