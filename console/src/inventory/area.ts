import { page, type Area } from '../app/area';

const VIEW = 'operations:view-inventory';

export const inventory: Area = {
  label: 'Inventory',
  routes: [
    { path: 'inventory', lazy: page(() => import('./StockPage'), 'StockPage') },
    { path: 'inventory/movements', lazy: page(() => import('./MovementsPage'), 'MovementsPage') },
    { path: 'inventory/count', lazy: page(() => import('./PhysicalCountPage'), 'PhysicalCountPage') },
    { path: 'inventory/reorder', lazy: page(() => import('./ReorderPage'), 'ReorderPage') },
    { path: 'inventory/warehouses', lazy: page(() => import('./WarehousesPage'), 'WarehousesPage') },
  ],
  navigation: [
    { label: 'Stock', to: '/inventory', ability: VIEW, end: true },
    { label: 'Movements', to: '/inventory/movements', ability: VIEW },
    { label: 'Physical count', to: '/inventory/count', ability: VIEW },
    { label: 'Reorder report', to: '/inventory/reorder', ability: VIEW },
    { label: 'Warehouses', to: '/inventory/warehouses', ability: VIEW },
  ],
};
