import { page, type Area } from '../app/area';

export const products: Area = {
  label: 'Products',
  routes: [
    { path: 'products', lazy: page(() => import('./ProductsListPage'), 'ProductsListPage') },
    { path: 'products/new', lazy: page(() => import('./ProductFormPage'), 'NewProductPage') },
    { path: 'products/:id', lazy: page(() => import('./ProductDetailPage'), 'ProductDetailPage') },
    { path: 'products/:id/edit', lazy: page(() => import('./ProductFormPage'), 'EditProductPage') },
  ],
  navigation: [{ label: 'Products', to: '/products', ability: 'operations:view-products' }],
};
