// A warehouse picked from the tenant's warehouses (inactive ones marked).
import { Select, type SelectProps } from '@mantine/core';
import { useWarehouseOptions } from './api';

interface Props extends Omit<SelectProps, 'data'> {
  /** Left out of the choices, e.g. the source of a transfer. */
  exclude?: string;
}

export function WarehouseSelect({ exclude, error, ...props }: Props) {
  const warehouses = useWarehouseOptions();
  const data = (warehouses.data ?? [])
    .filter((warehouse) => warehouse.id !== exclude)
    .map((warehouse) => ({
      value: warehouse.id,
      label: `${warehouse.name} (${warehouse.code})${warehouse.is_active ? '' : ' – inactive'}`,
    }));
  return (
    <Select
      data={data}
      placeholder={warehouses.isLoading ? 'Loading…' : undefined}
      error={error ?? (warehouses.isError ? 'Could not load the warehouses.' : undefined)}
      {...props}
    />
  );
}
