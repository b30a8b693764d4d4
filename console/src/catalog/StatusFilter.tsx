import { Group, Select } from '@mantine/core';
import { SearchInput } from '../components/SearchInput';

type Filter = 'search' | 'status';

/** The search and the active / inactive filter of the brand and tag lists; the URL holds `active` or `inactive`. */
export function SearchAndStatusFilters({
  filters,
  onChange,
}: {
  filters: Partial<Record<Filter, string>>;
  onChange: (name: Filter, value: string | null) => void;
}) {
  return (
    <Group align="flex-end" mb="md" wrap="wrap">
      <SearchInput value={filters.search ?? ''} onSearch={(search) => onChange('search', search)} w={280} />
      <Select
        label="Status"
        placeholder="Any status"
        data={[
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' },
        ]}
        value={filters.status ?? null}
        onChange={(status) => onChange('status', status)}
        clearable
        w={160}
      />
    </Group>
  );
}

/** The API's `is_active` filter for the URL's status. */
export function isActiveFilter(status: string | undefined): boolean | undefined {
  return status === 'active' ? true : status === 'inactive' ? false : undefined;
}
