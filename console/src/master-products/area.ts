import { page, type Area } from '../app/area';

/** Joins the Products section of the navigation (areas sharing a label form one section). */
export const masterProducts: Area = {
  label: 'Products',
  routes: [
    { path: 'master-products', lazy: page(() => import('./MasterProductsPage'), 'MasterProductsPage') },
    { path: 'master-products/:id', lazy: page(() => import('./MasterProductPage'), 'MasterProductPage') },
  ],
  navigation: [{ label: 'Master products', to: '/master-products', ability: 'operations:view-products' }],
};
