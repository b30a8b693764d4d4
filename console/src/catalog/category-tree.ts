// The category tree as the screens use it: every category in tree order with its depth and path (for the
// parent pickers), and the ids of a category's subtree.
import type { CategoryTreeNode } from './types';

export interface FlatCategory {
  id: string;
  name: string;
  depth: number;
  /** Names from the root down to this category: "Tools › Power tools". */
  path: string;
}

/** Depth first, each parent before its children, siblings in the API's order. */
export function flattenTree(nodes: readonly CategoryTreeNode[], depth = 0, parentPath = ''): FlatCategory[] {
  return nodes.flatMap((node) => {
    const path = parentPath ? `${parentPath} › ${node.name}` : node.name;
    return [{ id: node.id, name: node.name, depth, path }, ...flattenTree(node.children, depth + 1, path)];
  });
}

/** The node with this id, searched through the whole tree. */
export function findNode(nodes: readonly CategoryTreeNode[], id: string): CategoryTreeNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** How many categories sit below this one, at any depth. */
export function countDescendants(node: CategoryTreeNode): number {
  return node.children.reduce((sum, child) => sum + 1 + countDescendants(child), 0);
}

/** The value of the "top level" choice in parent pickers (a Select's values are strings, never null). */
export const ROOT = 'root';

/**
 * The choices of a parent picker: the top level, then every category with its path. The category being moved is
 * left out (it cannot be its own parent); its descendants are offered, and the API explains why they are refused.
 */
export function parentOptions(
  nodes: readonly CategoryTreeNode[],
  exclude?: string,
): { value: string; label: string }[] {
  return [
    { value: ROOT, label: 'Top level (no parent)' },
    ...flattenTree(nodes)
      .filter((category) => category.id !== exclude)
      .map((category) => ({ value: category.id, label: category.path })),
  ];
}
