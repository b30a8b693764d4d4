// A product chosen by typing part of its name or SKU: the API searches, the picker lists what it answers.
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useProduct, useProductSearch } from './api';

export interface PickedProduct {
  id: string;
  name: string;
  sku: string;
}

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  value: PickedProduct | null;
  onChange: (product: PickedProduct | null) => void;
}

export const productLabel = (product: PickedProduct) => `${product.name} (${product.sku})`;

/** The product a list is filtered by (its id in the URL), read to name it in the picker after a reload. */
export function usePickedProduct(id: string | undefined): PickedProduct | null {
  const product = useProduct(id);
  return product.data ? { id: product.data.id, name: product.data.name, sku: product.data.sku } : null;
}

export function ProductPicker({ value, onChange, ...props }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // While the box shows the chosen product's label, search for everything rather than for that label.
  const query = value && search === productLabel(value) ? '' : debounced;
  const products = useProductSearch(query);
  const found: PickedProduct[] = products.data ?? [];
  const options = value && !found.some((product) => product.id === value.id) ? [value, ...found] : found;

  return (
    <Select
      searchable
      clearable
      placeholder="Search by name or SKU"
      nothingFoundMessage={products.isFetching ? 'Searching…' : 'No product matches'}
      {...props}
      data={options.map((product) => ({ value: product.id, label: productLabel(product) }))}
      // The API has searched already; show all it answered.
      filter={({ options: all }) => all}
      value={value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => onChange(options.find((product) => product.id === id) ?? null)}
    />
  );
}
