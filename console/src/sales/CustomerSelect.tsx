// A customer picker that searches the API as the user types (a tenant may have thousands of customers).
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useCustomers } from './api';

interface Props extends Omit<SelectProps, 'data' | 'searchable' | 'searchValue' | 'onSearchChange'> {
  /** The selected customer's name, so it shows before (or without) a search that lists it. */
  selectedName?: string | null;
}

export function CustomerSelect({ selectedName, value, ...props }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // While the field shows the chosen customer's name, list everyone rather than only that name.
  const term = debounced === selectedName ? '' : debounced.trim();
  const customers = useCustomers({
    page: 1,
    per_page: 50,
    search: term || undefined,
    is_active: true,
    sort_by: 'name',
    sort_direction: 'asc',
  });
  const options = (customers.data?.data ?? []).map((customer) => ({
    value: customer.id,
    label: customer.company ? `${customer.name} (${customer.company})` : customer.name,
  }));
  if (value && selectedName && !options.some((option) => option.value === value))
    options.unshift({ value, label: selectedName });
  return (
    <Select
      {...props}
      value={value}
      data={options}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={customers.isFetching ? 'Searching…' : 'No customer matches'}
    />
  );
}
