// Barcodes of products and variants: the GTIN kinds read off retail packaging, each checked by its GS1 check
// digit, and `other` for any other printable code (Code 128 or Code 39 labels, a supplier's own code). What a
// product is sent (a code, a kind, both or neither) becomes the pair it stores; docs/decisions/products.md, Barcodes.
import type { FieldErrors } from '../../../core/errors.js';
import type { BarcodeType } from '../../../db/schema.js';

export const BARCODE_TYPES = ['ean8', 'upc', 'ean13', 'gtin14', 'other'] as const satisfies readonly BarcodeType[];
export const MAX_BARCODE_LENGTH = 64;

type GtinType = Exclude<BarcodeType, 'other'>;

/** Digits of each GTIN kind, check digit included, and the name a message gives it. */
const GTIN: Record<GtinType, { length: number; name: string }> = {
  ean8: { length: 8, name: 'EAN-8, GTIN-8' },
  upc: { length: 12, name: 'UPC-A, GTIN-12' },
  ean13: { length: 13, name: 'EAN-13, GTIN-13' },
  gtin14: { length: 14, name: 'GTIN-14, ITF-14' },
};
const GTIN_BY_LENGTH = new Map(Object.entries(GTIN).map(([type, { length }]) => [length, type as GtinType]));

/** Visible ASCII, with spaces only between visible characters. */
const PRINTABLE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
const DIGITS = /^\d+$/;

export const BARCODE_TYPE_WITHOUT_CODE = 'A barcode type needs a barcode: send barcode with it, or leave both out.';

/**
 * The GS1 check digit of a GTIN's other digits: weights 3 and 1 alternate from the rightmost of them, and the
 * check digit brings the weighted sum up to a multiple of 10.
 */
export function gtinCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** The kind a code sent without one is taken to be: a GTIN kind for 8, 12, 13 or 14 digits, else `other`. */
export function inferBarcodeType(code: string): BarcodeType {
  return (DIGITS.test(code) && GTIN_BY_LENGTH.get(code.length)) || 'other';
}

/** Why `code` is not a barcode of kind `type`, or null when it is. */
export function barcodeProblem(code: string, type: BarcodeType): string | null {
  if (type === 'other') {
    return code.length <= MAX_BARCODE_LENGTH && PRINTABLE.test(code)
      ? null
      : `A barcode of type other must be 1 to ${MAX_BARCODE_LENGTH} printable ASCII characters (letters, digits, punctuation; spaces only between them).`;
  }
  const { length, name } = GTIN[type];
  if (!DIGITS.test(code) || code.length !== length)
    return `A barcode of type ${type} (${name}) must be ${length} digits.`;
  const expected = gtinCheckDigit(code.slice(0, -1));
  if (Number(code.at(-1)) !== expected) {
    return `The barcode's check digit is wrong for type ${type} (${name}): ${code} would end in ${expected}. Check the code, or send barcode_type other for a code that is not a GTIN.`;
  }
  return null;
}

export interface StoredBarcode {
  barcode: string | null;
  barcode_type: BarcodeType | null;
}

/**
 * The barcode a write stores, from what it sent and what the product has (null when it is new): undefined
 * when neither field was sent. A code sent without a kind (or with a null one) gets the kind it reads as
 * (inferBarcodeType); a kind sent alone re-checks the stored code as that kind; a null or blank code clears
 * both. Codes are stored trimmed.
 */
export function resolveBarcode(
  input: { barcode?: string | null; barcode_type?: BarcodeType | null },
  current: StoredBarcode | null,
): { barcode: StoredBarcode | undefined; errors: FieldErrors } {
  if (input.barcode === undefined && input.barcode_type === undefined) return { barcode: undefined, errors: {} };
  const code = input.barcode === undefined ? (current?.barcode ?? null) : input.barcode?.trim() || null;
  if (code === null) {
    return input.barcode_type
      ? { barcode: undefined, errors: { barcode_type: [BARCODE_TYPE_WITHOUT_CODE] } }
      : { barcode: { barcode: null, barcode_type: null }, errors: {} };
  }
  const type = input.barcode_type ?? inferBarcodeType(code);
  const problem = barcodeProblem(code, type);
  return problem === null
    ? { barcode: { barcode: code, barcode_type: type }, errors: {} }
    : { barcode: undefined, errors: { barcode: [problem] } };
}

/** The 422 message naming the live product that holds a barcode already. */
export function barcodeTakenMessage(holder: { id: string; sku: string }): string {
  return `The barcode is already used by product ${holder.sku} (${holder.id}).`;
}
