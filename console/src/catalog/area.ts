import { page, type Area } from '../app/area';

export const catalog: Area = {
  label: 'Catalog',
  routes: [
    { path: 'catalog/categories', lazy: page(() => import('./CategoriesPage'), 'CategoriesPage') },
    { path: 'catalog/brands', lazy: page(() => import('./BrandsPage'), 'BrandsPage') },
    { path: 'catalog/tags', lazy: page(() => import('./TagsPage'), 'TagsPage') },
    { path: 'catalog/suppliers', lazy: page(() => import('./SuppliersPage'), 'SuppliersPage') },
    { path: 'catalog/suppliers/:id', lazy: page(() => import('./SupplierDetailPage'), 'SupplierDetailPage') },
  ],
  navigation: [
    { label: 'Categories', to: '/catalog/categories', ability: 'operations:view-products' },
    { label: 'Brands', to: '/catalog/brands', ability: 'operations:view-products' },
    { label: 'Tags', to: '/catalog/tags', ability: 'operations:view-products' },
    { label: 'Suppliers', to: '/catalog/suppliers', ability: 'operations:view-suppliers' },
  ],
};
