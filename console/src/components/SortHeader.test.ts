import { describe, expect, it } from 'vitest';
import { nextSort } from './SortHeader';

describe('sorting by a column header', () => {
  it('sorts a new column ascending, then toggles its direction', () => {
    expect(nextSort('product_name', 'updated_at')).toBe('updated_at');
    expect(nextSort('-product_name', 'updated_at')).toBe('updated_at');
    expect(nextSort('updated_at', 'updated_at')).toBe('-updated_at');
    expect(nextSort('-updated_at', 'updated_at')).toBe('updated_at');
  });
});
