import { page, type Area } from '../app/area';

export const home: Area = {
  label: 'Overview',
  routes: [{ index: true, lazy: page(() => import('./HomePage'), 'HomePage') }],
  navigation: [{ label: 'Home', to: '/' }],
};
