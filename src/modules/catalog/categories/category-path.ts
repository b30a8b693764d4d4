// Materialised category paths: '/<root id>/…/<parent id>/<own id>/'. A subtree is the range of paths that start
// with its top's path, one index range on either engine; ids are 26-character ULIDs, so a path's first
// segment is its root's id. Products keep their category's root (`category_root_id`) for the product list.

export const ID_LENGTH = 26;

/** The path of a category with this id under a parent of `parentPath` (null: a root). */
export function childPath(parentPath: string | null, id: string): string {
  return `${parentPath ?? '/'}${id}/`;
}

export function rootOfPath(path: string): string {
  return path.slice(1, 1 + ID_LENGTH);
}

/**
 * The bounds of the paths in the subtree topped by `path`, itself included: `from <= p < to`. Every
 * descendant's path continues `path` after its final '/', and '0' is the character after '/'.
 */
export function subtreeRange(path: string): { from: string; to: string } {
  return { from: path, to: `${path.slice(0, -1)}0` };
}
