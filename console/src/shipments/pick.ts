// Picking a shipment against its pick list: what a scanned product does to the counts (the first line of that
// product with room takes it; a product not on the list, or one already picked in full, is refused), the manual
// steps, and the short lines a worker confirms. Plain functions: the screen keeps the counts and draws them.

export interface PickLine {
  id: string;
  product_id: string;
  product_name: string;
  product_sku: string | null;
  /** To pick. */
  quantity: number;
}

/** Picked so far, by shipment line id; a line not in it has none. */
export type PickCounts = Readonly<Record<string, number>>;

export type ScanOutcome =
  | { kind: 'picked'; line: PickLine; counts: PickCounts }
  /** No product has the code. */
  | { kind: 'unknown'; code: string }
  /** A product, but no line of this shipment ships it. */
  | { kind: 'not-on-list'; code: string; productName: string }
  /** Every line of the product is picked in full already. */
  | { kind: 'over'; code: string; line: PickLine };

export const pickedOf = (counts: PickCounts, line: PickLine): number => counts[line.id] ?? 0;

/** What scanning `code`, which the lookup resolved to `product` (null: no product has it), does. */
export function scan(
  lines: readonly PickLine[],
  counts: PickCounts,
  code: string,
  product: { id: string; name: string } | null,
): ScanOutcome {
  if (!product) return { kind: 'unknown', code };
  const ofProduct = lines.filter((line) => line.product_id === product.id);
  if (ofProduct.length === 0) return { kind: 'not-on-list', code, productName: product.name };
  const open = ofProduct.find((line) => pickedOf(counts, line) < line.quantity);
  if (!open) return { kind: 'over', code, line: ofProduct[0]! };
  return { kind: 'picked', line: open, counts: { ...counts, [open.id]: pickedOf(counts, open) + 1 } };
}

/** The counts after a manual step of `delta` on a line, kept between 0 and the line's quantity. */
export function adjust(counts: PickCounts, line: PickLine, delta: number): PickCounts {
  const next = Math.min(line.quantity, Math.max(0, pickedOf(counts, line) + delta));
  return { ...counts, [line.id]: next };
}

export interface ShortLine {
  line: PickLine;
  picked: number;
}

/** The lines picked below their quantity. */
export function shortLines(lines: readonly PickLine[], counts: PickCounts): ShortLine[] {
  return lines
    .map((line) => ({ line, picked: pickedOf(counts, line) }))
    .filter(({ line, picked }) => picked < line.quantity);
}

/** The short lines as `POST …/pack` takes them: what was picked of each; the rest goes back to the order. */
export function packedShort(shorts: readonly ShortLine[]): Array<{ id: string; quantity_picked: number }> {
  return shorts.map(({ line, picked }) => ({ id: line.id, quantity_picked: picked }));
}

/** Units picked and units to pick, over every line. */
export function progress(lines: readonly PickLine[], counts: PickCounts): { picked: number; total: number } {
  return lines.reduce(
    (sum, line) => ({ picked: sum.picked + pickedOf(counts, line), total: sum.total + line.quantity }),
    { picked: 0, total: 0 },
  );
}

/** A line as the warehouse names it: its SKU, else its product's name. */
export const lineCode = (line: Pick<PickLine, 'product_sku' | 'product_name'>): string =>
  line.product_sku ?? line.product_name;

/** `Short pick: DRL-18V 1 of 2; WSH-8 0 of 5.` */
export function shortPickNote(shorts: readonly ShortLine[]): string {
  return `Short pick: ${shorts.map(({ line, picked }) => `${lineCode(line)} ${picked} of ${line.quantity}`).join('; ')}.`;
}

/**
 * The shipment's notes with the short pick added, for the packing slip: notes sent replace the shipment's, so the
 * ones it has are kept above.
 */
export function notesWithShortPick(existing: string | null, shorts: readonly ShortLine[]): string {
  const note = shortPickNote(shorts);
  return existing?.trim() ? `${existing.trim()}\n${note}` : note;
}

/** What the scan's refusal says, naming the code. */
export function refusalMessage(outcome: Exclude<ScanOutcome, { kind: 'picked' }>): string {
  switch (outcome.kind) {
    case 'unknown':
      return `No product has the code ${outcome.code}.`;
    case 'not-on-list':
      return `${outcome.code} (${outcome.productName}) is not on this pick list.`;
    case 'over':
      return `${outcome.code}: all ${outcome.line.quantity} of ${outcome.line.product_name} are picked already.`;
  }
}
