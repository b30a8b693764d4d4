// Under a list: how many records it holds, and the pages when there is more than one. Every paged list with a
// record count uses this one footer, so that the count, the pager and their accessible names read alike.
import { Group, Pagination, Text } from '@mantine/core';
import { formatTotal } from '../lib/format';

interface Props {
  /** The list's page metadata as the API answers it; nothing is shown before it arrives or when it is empty. */
  meta: { current_page: number; last_page: number; total: number; total_is_capped?: true } | undefined;
  /** What the list holds, singular and plural. */
  noun: [one: string, many: string];
  onPage: (page: number) => void;
  /** The pages without the count, for a list whose screen shows none. */
  pagerOnly?: boolean;
}

export function ListFooter({ meta, noun, onPage, pagerOnly = false }: Props) {
  if (!meta || meta.total === 0) return null;
  if (pagerOnly && meta.last_page <= 1) return null;
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      {!pagerOnly && (
        <Text size="sm" c="dimmed">
          {formatTotal(meta, noun)}
        </Text>
      )}
      {meta.last_page > 1 && (
        <Pagination
          total={meta.last_page}
          value={meta.current_page}
          onChange={onPage}
          aria-label={`Pages of ${noun[1]}`}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Group>
  );
}
