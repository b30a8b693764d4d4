import { Group, Pagination, Text } from '@mantine/core';
import type { PageMeta } from './types';

/** How many records the list holds, and the pages when there is more than one. */
export function ListFooter({ meta, noun, onPage }: { meta: PageMeta; noun: [one: string, many: string]; onPage: (page: number) => void }) {
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        {meta.total} {meta.total === 1 ? noun[0] : noun[1]}
      </Text>
      {meta.last_page > 1 && <Pagination total={meta.last_page} value={meta.current_page} onChange={onPage} aria-label="Pages" />}
    </Group>
  );
}
