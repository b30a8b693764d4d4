import { page, type Area } from '../app/area';

/**
 * CSV imports write to several areas (products, inventory, the catalog), so they are an area of their own
 * rather than a screen of one of them; "Data" leaves room for exports beside them.
 */
export const imports: Area = {
  label: 'Data',
  routes: [{ path: 'imports', lazy: page(() => import('./ImportsPage'), 'ImportsPage') }],
  navigation: [{ label: 'Imports', to: '/imports', ability: 'operations:view-imports' }],
};
