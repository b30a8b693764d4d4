import { describe, expect, it } from 'vitest';
import { allows, navigationSections, type Area } from './area';

const area = (label: string, navigation: Area['navigation']): Area => ({ label, routes: [], navigation });

describe('the navigation by ability', () => {
  it('shows an entry without an ability to everyone, and one with abilities to holders of any of them', () => {
    expect(allows([], undefined)).toBe(true);
    expect(allows(['operations:view-products'], 'operations:view-products')).toBe(true);
    expect(allows(['operations:view-products'], 'system:view-users')).toBe(false);
    expect(allows(['system:view-webhooks'], ['system:manage-webhooks', 'system:view-webhooks'])).toBe(true);
  });

  it('merges areas of one label into one section and leaves out sections with nothing to open', () => {
    const sections = navigationSections(
      [
        area('Catalog', [{ label: 'Products', to: '/products', ability: 'operations:view-products' }]),
        area('Settings', [{ label: 'Users', to: '/settings/users', ability: 'system:view-users' }]),
        area('Catalog', [{ label: 'Suppliers', to: '/catalog/suppliers', ability: 'operations:view-suppliers' }]),
      ],
      ['operations:view-products', 'operations:view-suppliers'],
    );
    expect(sections).toEqual([
      {
        label: 'Catalog',
        entries: [expect.objectContaining({ label: 'Products' }), expect.objectContaining({ label: 'Suppliers' })],
      },
    ]);
  });
});
