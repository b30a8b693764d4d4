// The physical count's preview: for each counted line, how far the count is from the on-hand quantity the
// records hold now, computed as the API will (variance = counted - on hand; the percentage of on hand, rounded
// half away from zero to 2 decimals, none when on hand is 0), so the person sees it before submitting.

export interface CountLine {
  productId: string;
  /** What was counted; null while the field is empty. */
  counted: number | null;
}

export interface CountPreview {
  productId: string;
  onHand: number;
  counted: number | null;
  variance: number | null;
  variancePercentage: number | null;
}

export function variancePercentage(variance: number, onHand: number): number | null {
  if (onHand === 0) return null;
  const raw = (variance / onHand) * 100;
  return (Math.sign(raw) * Math.round(Math.abs(raw) * 100 + Number.EPSILON)) / 100;
}

/** Each line with its variance; a product without a record in the warehouse holds 0. */
export function previewCount(
  lines: readonly CountLine[],
  onHandByProduct: ReadonlyMap<string, number>,
): CountPreview[] {
  return lines.map(({ productId, counted }) => {
    const onHand = onHandByProduct.get(productId) ?? 0;
    if (counted === null) return { productId, onHand, counted, variance: null, variancePercentage: null };
    const variance = counted - onHand;
    return { productId, onHand, counted, variance, variancePercentage: variancePercentage(variance, onHand) };
  });
}

export interface CountTotals {
  counted: number;
  changed: number;
  unitsGained: number;
  unitsLost: number;
}

/** What submitting will do: how many lines carry a count, how many change stock, and by how much each way. */
export function countTotals(previews: readonly CountPreview[]): CountTotals {
  const totals: CountTotals = { counted: 0, changed: 0, unitsGained: 0, unitsLost: 0 };
  for (const { variance } of previews) {
    if (variance === null) continue;
    totals.counted += 1;
    if (variance !== 0) totals.changed += 1;
    if (variance > 0) totals.unitsGained += variance;
    if (variance < 0) totals.unitsLost -= variance;
  }
  return totals;
}

/** `+3`, `-2`, `0`: a signed quantity as the ledger reads. */
export function signed(quantity: number): string {
  return quantity > 0 ? `+${quantity}` : String(quantity);
}

/** A line of the count as the page holds it: the product, and what was counted (empty while not yet). */
export interface CountSheetLine<P extends { id: string }> {
  product: P;
  counted: number | string;
}

/** One unit scanned: its line counts one more (from nothing, when still empty), or a line is added at 1. */
export function countScanned<P extends { id: string }>(
  lines: readonly CountSheetLine<P>[],
  product: P,
): CountSheetLine<P>[] {
  if (!lines.some((line) => line.product.id === product.id)) return [...lines, { product, counted: 1 }];
  return lines.map((line) =>
    line.product.id === product.id
      ? { ...line, counted: (line.counted === '' ? 0 : Number(line.counted) || 0) + 1 }
      : line,
  );
}
