// A searchable select of categories, brands or suppliers, asking the API for what the user types.
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useEntityOption, useEntityOptions } from './api';
import type { EntitySource } from './entity-options';
import { mergeOptions, type EntityOption } from './option-list';

interface Props extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange'
> {
  source: EntitySource;
  value: string | null;
  onChange: (value: string | null) => void;
  /** The chosen record when the caller knows it already (a product's category), saving a request. */
  chosen?: EntityOption | null;
}

export function EntitySelect({ source, value, onChange, chosen, ...props }: Props) {
  const [search, setSearch] = useState('');
  const chosenQuery = useEntityOption(source, value, !(chosen && chosen.value === value));
  const selected = value === null ? null : chosen && chosen.value === value ? chosen : (chosenQuery.data ?? null);
  // The input shows the chosen label as its search text: that is not a search for it.
  const [term] = useDebouncedValue(selected && search === selected.label ? '' : search, 250);
  const matches = useEntityOptions(source, term);

  return (
    <Select
      {...props}
      searchable
      clearable
      data={mergeOptions(matches.data ?? [], selected)}
      value={value}
      onChange={(next) => onChange(next)}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={matches.isFetching ? 'Searching…' : 'Nothing found'}
      error={props.error ?? (matches.isError ? 'Could not load the choices.' : undefined)}
    />
  );
}
