// The list's order filter: a sales order found by its number, its external reference or its customer's name as
// the user types (the API's order search), so that a worker finds the shipments of the order in their hand.
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useOrderOptions, useSalesOrder } from './api';

type Props = Omit<SelectProps, 'data' | 'searchable' | 'searchValue' | 'onSearchChange'>;

export function OrderSelect({ value, ...props }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const orders = useOrderOptions(debounced);
  const options = (orders.data ?? []).map((order) => ({
    value: order.id,
    label: order.customer ? `${order.order_number} · ${order.customer.name}` : order.order_number,
  }));
  // The chosen order (from the URL) may be outside the first matches: named from its own read.
  const unlisted = Boolean(value) && orders.isSuccess && !options.some((option) => option.value === value);
  const chosen = useChosenOrder(unlisted ? (value ?? null) : null);
  if (value && chosen) options.unshift({ value, label: chosen });
  return (
    <Select
      {...props}
      value={value}
      data={options}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={orders.isFetching ? 'Searching…' : 'No order matches'}
    />
  );
}

function useChosenOrder(id: string | null): string | undefined {
  const order = useSalesOrder(id ?? '', Boolean(id));
  return order.data?.order_number;
}
