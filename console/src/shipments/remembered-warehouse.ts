// The warehouse a worker lists shipments of, kept in the browser: a worker works in one warehouse, and the list
// opens on it next time. Only the choice is kept, never data of the tenant.
const KEY = 'qm.shipments.warehouse';

export function rememberedWarehouse(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null; // storage refused (a private window's policy): nothing remembered
  }
}

export function rememberWarehouse(id: string | null): void {
  try {
    if (id) window.localStorage.setItem(KEY, id);
    else window.localStorage.removeItem(KEY);
  } catch {
    // storage refused: the choice lasts as long as the URL
  }
}
