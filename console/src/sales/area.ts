import { page, type Area } from '../app/area';

/** Sales orders and the customers they are for: one area, each screen its own chunk loaded on first visit. */
export const sales: Area = {
  label: 'Sales',
  routes: [
    { path: 'sales/orders', lazy: page(() => import('./SalesOrdersPage'), 'SalesOrdersPage') },
    { path: 'sales/orders/new', lazy: page(() => import('./SalesOrderFormPage'), 'NewSalesOrderPage') },
    { path: 'sales/orders/:id', lazy: page(() => import('./SalesOrderPage'), 'SalesOrderPage') },
    { path: 'sales/orders/:id/edit', lazy: page(() => import('./SalesOrderFormPage'), 'EditSalesOrderPage') },
    { path: 'customers', lazy: page(() => import('./CustomersPage'), 'CustomersPage') },
    { path: 'customers/:id', lazy: page(() => import('./CustomerPage'), 'CustomerPage') },
  ],
  navigation: [
    { label: 'Sales orders', to: '/sales/orders', ability: 'sales:view-orders' },
    { label: 'Customers', to: '/customers', ability: 'crm:view-customers' },
  ],
};
