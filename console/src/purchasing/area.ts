import { page, type Area } from '../app/area';

export const purchasing: Area = {
  label: 'Purchasing',
  routes: [
    { path: 'purchase-orders', lazy: page(() => import('./PurchaseOrdersPage'), 'PurchaseOrdersPage') },
    { path: 'purchase-orders/new', lazy: page(() => import('./PurchaseOrderFormPage'), 'NewPurchaseOrderPage') },
    { path: 'purchase-orders/:id', lazy: page(() => import('./PurchaseOrderPage'), 'PurchaseOrderPage') },
    { path: 'purchase-orders/:id/edit', lazy: page(() => import('./PurchaseOrderFormPage'), 'EditPurchaseOrderPage') },
  ],
  navigation: [{ label: 'Purchase orders', to: '/purchase-orders', ability: 'operations:view-purchase-orders' }],
};
