import { page, type Area } from '../app/area';

export const catalog: Area = {
  label: 'Catalog',
  routes: [
    { path: 'catalog/categories', lazy: page(() => import('./CategoriesPage'), 'CategoriesPage') },
  ],
  navigation: [
    { label: 'Categories', to: '/catalog/categories', ability: 'operations:view-products' },
    { label: 'Brands', to: '/catalog/brands', ability: 'operations:view-products' },
    { label: 'Tags', to: '/catalog/tags', ability: 'operations:view-products' },
    { label: 'Suppliers', to: '/catalog/suppliers', ability: 'operations:view-suppliers' },
  ],
};
