// The product's tags: a searchable multi-select of the tenant's tags, asking the API for what the user types.
// The chosen tags keep their names (from the product, or from the search that found them), so that a tag
// outside the current matches still shows as a chip.
import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useEntityOptions } from './api';
import { tagSource } from './entity-options';
import { mergeManyOptions, type EntityOption } from './option-list';

interface Props extends Omit<
  MultiSelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange'
> {
  value: string[];
  onChange: (value: string[]) => void;
  /** The product's tags as it was loaded. */
  initial?: readonly EntityOption[];
}

export function TagsSelect({ value, onChange, initial = [], ...props }: Props) {
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState<readonly EntityOption[]>(initial);
  const [term] = useDebouncedValue(search, 250);
  const matches = useEntityOptions(tagSource, term);
  const options = mergeManyOptions(
    matches.data ?? [],
    known.filter((option) => value.includes(option.value)),
  );

  return (
    <MultiSelect
      {...props}
      searchable
      clearable
      hidePickedOptions
      data={options}
      value={value}
      onChange={(next) => {
        setKnown(options.filter((option) => next.includes(option.value)));
        onChange(next);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={matches.isFetching ? 'Searching…' : 'Nothing found'}
      error={props.error ?? (matches.isError ? 'Could not load the choices.' : undefined)}
    />
  );
}
