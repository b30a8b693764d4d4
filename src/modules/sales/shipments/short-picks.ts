// The plain rule of packing a shipment short (docs/sales.md, Short picks): the picked quantity sent for some of its
// lines, checked against them, and what each line short of its quantity keeps and gives back to the order.
import type { FieldErrors } from '../../../core/errors.js';

/** What the worker found of one shipment line. */
export interface PickedLine {
  id: string;
  quantity_picked: number;
}

/** A shipment line as packing reads it; lines are named by their place in the shipment (1 first). */
export interface PackedLine {
  id: string;
  product_sku: string | null;
  product_name: string;
  quantity: number;
}

/** A line packed short: it keeps `picked` (0 leaves the shipment) and gives `short` back to its order line. */
export interface ShortLine {
  id: string;
  picked: number;
  short: number;
}

export type ShortPickPlan = { errors: FieldErrors } | { short: ShortLine[] };

/**
 * The lines packed short, or the errors of the picked quantities: each names a line of the shipment once (else
 * under `lines.<i>.id`), and picks at most its quantity (else under `lines.<i>.quantity_picked`, naming the line).
 * Lines not named, and lines picked in full, pack as they are. A shipment left with nothing is refused under
 * `lines`: cancelling it is what gives everything back.
 */
export function shortPickPlan(lines: readonly PackedLine[], picked: readonly PickedLine[]): ShortPickPlan {
  const byId = new Map(lines.map((l, i) => [l.id, { ...l, position: i + 1 }]));
  const seen = new Set<string>();
  const errors: FieldErrors = {};
  const short: ShortLine[] = [];
  picked.forEach((p, i) => {
    const line = byId.get(p.id);
    if (!line) {
      errors[`lines.${i}.id`] = ['The selected shipment line id is invalid.'];
      return;
    }
    if (seen.has(line.id)) {
      errors[`lines.${i}.id`] = [`Line ${line.position} is named more than once.`];
      return;
    }
    seen.add(line.id);
    if (p.quantity_picked > line.quantity) {
      errors[`lines.${i}.quantity_picked`] = [
        `Line ${line.position} (${line.product_sku ?? line.product_name}): at most ${line.quantity} can be picked; picked ${p.quantity_picked}.`,
      ];
      return;
    }
    if (p.quantity_picked < line.quantity)
      short.push({ id: line.id, picked: p.quantity_picked, short: line.quantity - p.quantity_picked });
  });
  if (Object.keys(errors).length > 0) return { errors };
  const emptied = short.filter((s) => s.picked === 0).length;
  if (lines.length > 0 && emptied === lines.length)
    return { errors: { lines: ['Nothing was picked: cancel the shipment instead, which leaves its stock reserved.'] } };
  return { short };
}
