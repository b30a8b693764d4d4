// Finds a product for a new line of an order (purchase or sales) by SKU, name or barcode. A scanned or typed exact
// code (barcode or SKU) is offered first, and Enter takes it straight away, as a scanner's Enter expects.
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBarcode } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyFailure } from '../lib/feedback';
import { lookupProduct, useProductSearch } from './api';
import type { Product } from './model';

interface Props {
  onPick: (product: Product) => void;
  error?: string;
}

export function ProductSearch({ onPick, error }: Props) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 250);
  const search = useProductSearch(debounced);
  const products = debounced.trim() ? (search.data?.products ?? []) : [];
  const exact = search.data?.exact ?? null;

  const pick = (product: Product) => {
    onPick(product);
    setText('');
    combobox.closeDropdown();
  };

  const pickExact = async (code: string) => {
    if (!code) return;
    try {
      const product = exact && (exact.barcode === code || exact.sku === code) ? exact : await lookupProduct(code);
      if (product) pick(product);
    } catch (failure) {
      notifyFailure(failure, 'The product lookup failed');
    }
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const product = products.find((candidate) => candidate.id === id);
        if (product) pick(product);
      }}
    >
      <Combobox.Target>
        <TextInput
          label="Add a product"
          description="Search by name or SKU, or scan a barcode"
          placeholder="SKU, name or barcode"
          leftSection={<IconBarcode size={16} />}
          rightSection={search.isFetching ? <Loader size={14} /> : null}
          value={text}
          error={error}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            // Enter here never submits the order. With no option highlighted it takes the exact barcode or SKU
            // match, as a scanner ends its code with Enter, often before the search has answered.
            event.preventDefault();
            if (combobox.getSelectedOptionIndex() === -1) void pickExact(text.trim());
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!debounced.trim()}>
        <Combobox.Options aria-label="Matching products">
          {products.length === 0 ? (
            <Combobox.Empty>{search.isFetching ? 'Searching…' : 'No product matches'}</Combobox.Empty>
          ) : (
            products.map((product) => (
              <Combobox.Option key={product.id} value={product.id}>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Text size="sm">{product.name}</Text>
                  <Text size="xs" c="dimmed">
                    {product.sku}
                    {product.barcode ? ` · ${product.barcode}` : ''}
                  </Text>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
