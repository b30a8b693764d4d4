// The warehouse a worker works in, remembered in this browser for the stock page and the physical count: a
// phone on the floor belongs to one warehouse, and choosing it at every visit is a chore. Answered once the
// warehouses are read and it is among them; forgotten when it is gone.
import { useLocalStorage } from '@mantine/hooks';
import { useEffect } from 'react';
import { useWarehouseOptions } from './api';

const KEY = 'qm.inventory.warehouse';

export function useRememberedWarehouse(): [string | null, (id: string | null) => void] {
  const [remembered, setRemembered] = useLocalStorage<string | null>({
    key: KEY,
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  const warehouses = useWarehouseOptions();
  const known = warehouses.data?.some((warehouse) => warehouse.id === remembered);
  const gone = remembered !== null && warehouses.data !== undefined && !known;
  useEffect(() => {
    if (gone) setRemembered(null);
  }, [gone, setRemembered]);
  return [known ? remembered : null, setRemembered];
}
