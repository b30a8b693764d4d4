import { describe, expect, it } from 'vitest';
import { countDescendants, findNode, flattenTree, parentOptions, ROOT } from './category-tree';
import type { CategoryTreeNode } from './types';

function node(id: string, name: string, children: CategoryTreeNode[] = []): CategoryTreeNode {
  return {
    id,
    name,
    slug: name.toLowerCase(),
    description: null,
    parent_id: null,
    sort_order: 0,
    is_active: true,
    is_featured: false,
    depth_level: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    children,
  };
}

const tree = [
  node('t', 'Tools', [node('p', 'Power tools', [node('d', 'Drills')]), node('h', 'Hand tools')]),
  node('g', 'Garden'),
];

describe('the category tree', () => {
  it('flattens depth first, parents before children, with depths and paths', () => {
    expect(flattenTree(tree)).toEqual([
      { id: 't', name: 'Tools', depth: 0, path: 'Tools' },
      { id: 'p', name: 'Power tools', depth: 1, path: 'Tools › Power tools' },
      { id: 'd', name: 'Drills', depth: 2, path: 'Tools › Power tools › Drills' },
      { id: 'h', name: 'Hand tools', depth: 1, path: 'Tools › Hand tools' },
      { id: 'g', name: 'Garden', depth: 0, path: 'Garden' },
    ]);
    expect(flattenTree([])).toEqual([]);
  });

  it('finds a node at any depth and counts what lies below it', () => {
    expect(findNode(tree, 'd')?.name).toBe('Drills');
    expect(findNode(tree, 'nope')).toBeUndefined();
    expect(countDescendants(tree[0]!)).toBe(3);
    expect(countDescendants(tree[1]!)).toBe(0);
  });

  it('offers the top level and every category but the one being moved as parents, descendants included', () => {
    const options = parentOptions(tree, 'p');
    expect(options[0]).toEqual({ value: ROOT, label: 'Top level (no parent)' });
    expect(options.map((option) => option.value)).toEqual([ROOT, 't', 'd', 'h', 'g']);
    expect(parentOptions(tree)).toHaveLength(6);
  });
});
