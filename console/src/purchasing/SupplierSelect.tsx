// A supplier picker that searches the API as the user types (a tenant may have thousands of suppliers).
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSupplierName, useSuppliers } from './api';

interface Props extends Omit<SelectProps, 'data' | 'searchable' | 'searchValue' | 'onSearchChange'> {
  /** The selected supplier's name, so it shows before (or without) a search that lists it. */
  selectedName?: string | null;
}

export function SupplierSelect({ selectedName, value, ...props }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // While the field shows the chosen supplier's name, list everyone rather than only that name.
  const suppliers = useSuppliers(debounced === selectedName ? '' : debounced);
  const options = (suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplier.name }));
  const unlisted =
    Boolean(value) && !selectedName && suppliers.isSuccess && !options.some((option) => option.value === value);
  const fetchedName = useSupplierName(unlisted ? (value ?? null) : null).data;
  const name = selectedName ?? fetchedName;
  if (value && name && !options.some((option) => option.value === value)) options.unshift({ value, label: name });
  return (
    <Select
      {...props}
      value={value}
      data={options}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={suppliers.isFetching ? 'Searching…' : 'No supplier matches'}
    />
  );
}
