import { page, type Area } from '../app/area';

export const shipments: Area = {
  label: 'Shipments',
  routes: [
    { path: 'sales/shipments', lazy: page(() => import('./ShipmentsPage'), 'ShipmentsPage') },
    { path: 'sales/shipments/:id', lazy: page(() => import('./ShipmentPage'), 'ShipmentPage') },
  ],
  navigation: [{ label: 'Shipments', to: '/sales/shipments', ability: 'sales:view-orders' }],
};
