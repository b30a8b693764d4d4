// The bulk price and stock endpoints choose variants by attribute values (`filters.variant_selection`), not by
// id. Selected rows become the fewest such filters that match exactly them: none when every variant is
// selected, one attribute value where all its variants are selected, else each variant's full selection
// (unique among a master's variants).

export type Selection = Record<string, string>;

export interface VariantRow {
  id: string;
  selection: Selection;
}

const matches = (selection: Selection, filter: Selection) =>
  Object.entries(filter).every(([name, value]) => selection[name] === value);

/**
 * `all` are the master's variants when `complete` (every variant known); otherwise only the rows at hand, and
 * no broader filter than one variant's full selection is safe.
 */
export function bulkFilters(
  selectedIds: ReadonlySet<string>,
  all: readonly VariantRow[],
  complete: boolean,
): (Selection | undefined)[] {
  const selected = all.filter((row) => selectedIds.has(row.id));
  if (selected.length === 0) return [];
  if (complete && selected.length === all.length) return [undefined];

  const filters: Selection[] = [];
  const covered = new Set<string>();
  if (complete) {
    const pairs = new Map<string, Selection>();
    for (const row of selected)
      for (const [name, value] of Object.entries(row.selection))
        pairs.set(JSON.stringify([name, value]), { [name]: value });
    for (const filter of pairs.values()) {
      const hits = all.filter((row) => matches(row.selection, filter));
      const fresh = hits.filter((row) => !covered.has(row.id));
      if (hits.length > 1 && fresh.length > 1 && hits.every((row) => selectedIds.has(row.id))) {
        filters.push(filter);
        for (const row of hits) covered.add(row.id);
      }
    }
  }
  for (const row of selected) if (!covered.has(row.id)) filters.push(row.selection);
  return filters;
}
