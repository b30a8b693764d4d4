import { describe, expect, it } from 'vitest';
import type { Area } from '../app/area';
import { allowedSources, matchesTerm, screenItems } from './palette-search';

const areas: Area[] = [
  {
    label: 'Inventory',
    routes: [],
    navigation: [
      { label: 'Stock', to: '/inventory', ability: 'operations:view-inventory' },
      { label: 'Reorder report', to: '/inventory/reorder', ability: 'operations:view-inventory' },
    ],
  },
  {
    label: 'Settings',
    routes: [],
    navigation: [
      { label: 'My account', to: '/settings/account' },
      { label: 'Users', to: '/settings/users', ability: 'system:view-users' },
    ],
  },
];

describe('the command palette', () => {
  it('matches every word of the term, anywhere, in any case', () => {
    expect(matchesTerm('Inventory Reorder report', 'reorder')).toBe(true);
    expect(matchesTerm('Inventory Reorder report', 'REP inv')).toBe(true);
    expect(matchesTerm('Inventory Reorder report', 'reorder users')).toBe(false);
    expect(matchesTerm('anything', '  ')).toBe(true);
  });

  it('offers the screens the user may open, by their name or their section', () => {
    const abilities = ['operations:view-inventory'];
    expect(screenItems(areas, abilities, 'reorder')).toEqual([
      { key: 'screen:/inventory/reorder', label: 'Reorder report', description: 'Inventory', to: '/inventory/reorder' },
    ]);
    expect(screenItems(areas, abilities, 'settings').map((item) => item.label)).toEqual(['My account']);
    expect(screenItems(areas, abilities, '').map((item) => item.label)).toEqual([
      'Stock',
      'Reorder report',
      'My account',
    ]);
    expect(screenItems(areas, [...abilities, 'system:view-users'], 'users').map((item) => item.to)).toEqual([
      '/settings/users',
    ]);
  });

  it('searches only the records the user may read', () => {
    const source = (group: string, ability: string) => ({ group, ability, search: async () => [] });
    const sources = [source('Products', 'operations:view-products'), source('Customers', 'crm:view-customers')];
    expect(allowedSources(sources, ['crm:view-customers']).map((s) => s.group)).toEqual(['Customers']);
    expect(allowedSources(sources, [])).toEqual([]);
  });
});
