// What the PDF and the e-mail of a purchase order are made from: a plain snapshot, free of database rows.
import { currencyExponent } from '../../../lib/money.js';
import { localDateTime } from '../../../lib/time-zones.js';

/** A postal address as stored on suppliers and warehouses (the company's adds a second line); every part optional. */
export interface DocumentAddress {
  street?: string | null;
  street2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

export interface PurchaseOrderDocumentLine {
  product_sku: string;
  product_name: string;
  quantity_ordered: number;
  /** Currency units (e.g. 12.5 for EUR 12.50), as in the JSON answers. */
  unit_price: number;
  line_total: number;
}

/**
 * A purchase order as printed and mailed. Money is in currency units (JSON numbers), dates are ISO
 * `YYYY-MM-DD` strings, printed as they are, or full ISO timestamps, printed as their date in `time_zone`.
 */
export interface PurchaseOrderDocument {
  po_number: string;
  status: string;
  order_date: string;
  expected_delivery_date: string | null;
  /** ISO 4217 code; amounts are printed with its number of minor-unit digits. */
  currency: string;
  /** The ordering tenant, printed as the document's issuer and the e-mail's signature. */
  company_name: string;
  /** The ordering tenant's address and tax id, printed under its name; null when it has none. */
  company_address: DocumentAddress | null;
  company_tax_id: string | null;
  /** The tenant's purchase-order footer: the end of the document and of the e-mail. */
  footer: string | null;
  /** The tenant's IANA time zone (null: UTC), in which timestamps are printed. */
  time_zone: string | null;
  /** When the order was approved (an ISO timestamp), or null before its approval. */
  approved_at: string | null;
  supplier: { name: string; code: string | null; email: string; address: DocumentAddress | null };
  warehouse: { name: string; code: string | null; address: DocumentAddress | null };
  lines: PurchaseOrderDocumentLine[];
  subtotal: number;
  tax_amount: number;
  shipping_cost: number;
  discount_amount: number;
  total_amount: number;
  payment_terms: string | null;
  shipping_method: string | null;
  notes: string | null;
}

function fractionDigits(currency: string): number {
  try {
    return currencyExponent(currency);
  } catch {
    // An unknown code must not break a document that is only being printed.
    return 2;
  }
}

/** `1234.5, 'EUR'` -> `1,234.50`; JPY gets no decimals, KWD three. */
export function formatAmount(amount: number, currency: string): string {
  const digits = fractionDigits(currency);
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    amount,
  );
}

/** `1234.5, 'EUR'` -> `EUR 1,234.50`. */
export function formatMoney(amount: number, currency: string): string {
  return `${currency} ${formatAmount(amount, currency)}`;
}

/** Whole quantities without decimals, fractional ones with up to three. */
export function formatQuantity(quantity: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 }).format(quantity);
}

/**
 * A date as printed: a `YYYY-MM-DD` date as it is (a calendar date has no zone), a full ISO timestamp as its date
 * in `timeZone` (null: UTC); null stays null.
 */
export function formatDate(value: string | null, timeZone: string | null = null): string | null {
  if (!value) return null;
  if (value.length <= 10) return value;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value.slice(0, 10);
  try {
    return localDateTime(instant, timeZone).date;
  } catch {
    // A zone the runtime no longer knows must not break a document that is only being printed.
    return localDateTime(instant, null).date;
  }
}

/** Address lines in postal order, empty parts left out. */
export function addressLines(address: DocumentAddress | null): string[] {
  if (!address) return [];
  const cityLine = [address.postal_code, address.city].filter(Boolean).join(' ');
  return [address.street, address.street2, [cityLine, address.state].filter(Boolean).join(', '), address.country]
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '');
}
