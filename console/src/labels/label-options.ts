// The label stock labels print on, as the API names it (docs/labels.md), and the addresses of the label PDFs a
// console screen offers: a product's, and a purchase order receipt's.
import type { operations } from '../../../clients/typescript/src/openapi';

export type LabelLayout = NonNullable<NonNullable<operations['getProductLabels']['parameters']['query']>['layout']>;

/** Every layout the API prints (a new one fails to compile here until named), as a person would pick the stock. */
const LAYOUT_NAMES: Record<LabelLayout, string> = {
  'a4-3x8': 'A4 sheet, 24 labels (70 × 37 mm)',
  'a4-3x7': 'A4 sheet, 21 labels (70 × 42.3 mm)',
  'letter-3x10': 'US Letter sheet, 30 labels (Avery 5160)',
  'letter-2x10': 'US Letter sheet, 20 labels (Avery 5161)',
  'roll-57x32': 'Label printer, 57 × 32 mm',
  'roll-62x29': 'Label printer, 62 × 29 mm',
  'roll-100x50': 'Label printer, 100 × 50 mm',
};

export const LABEL_LAYOUT_OPTIONS = Object.entries(LAYOUT_NAMES).map(([value, label]) => ({
  value: value as LabelLayout,
  label,
}));

/** What every label document takes: the stock, and whether the price is printed. */
export interface LabelChoice {
  layout: LabelLayout;
  showPrice: boolean;
}

function labelQuery(choice: LabelChoice, extra: Record<string, string>): string {
  return new URLSearchParams({ layout: choice.layout, ...extra, show_price: String(choice.showPrice) }).toString();
}

/** The PDF of `copies` labels of the product, fetched with the session like any console read. */
export function productLabelsUrl(productId: string, choice: LabelChoice & { copies: number }): string {
  const query = labelQuery(choice, { copies: String(choice.copies) });
  return `/api/v1/operations/products/${encodeURIComponent(productId)}/labels.pdf?${query}`;
}

/** The PDF of a receipt's labels: one per unit received, or one per line. */
export function receiptLabelsUrl(
  orderId: string,
  receiptId: string,
  choice: LabelChoice & { per: 'unit' | 'line' },
): string {
  const query = labelQuery(choice, { per: choice.per });
  return `/api/v1/operations/purchase-orders/${encodeURIComponent(orderId)}/receipts/${encodeURIComponent(receiptId)}/labels.pdf?${query}`;
}
