// Which symbology a label prints for a product: the retail GTINs as the scanners at a till expect them (EAN-13,
// UPC-A), and Code 128 for anything else, which encodes every printable ASCII character.
import { barcodeProblem } from '../catalog/products/barcode.js';

export type LabelSymbology = 'ean13' | 'upca' | 'code128';

export interface LabelCode {
  symbology: LabelSymbology;
  /** What the bars encode, and the digits or characters printed under them. */
  text: string;
}

/** Code 128 prints printable ASCII; anything else in a SKU is left out of the bars rather than failing the sheet. */
const NOT_PRINTABLE = /[^\x20-\x7e]/g;

/**
 * The code printed for a product: its barcode as EAN-13 when it is a valid GTIN-13, as UPC-A when it is a valid
 * GTIN-12, else its barcode (or, without one, its SKU) as Code 128. The check digit decides, not the stored kind:
 * a 13-digit code stored as `other` with a wrong check digit would not scan as EAN-13. The text is empty when
 * nothing of the code is printable ASCII: the label then prints without bars.
 */
export function labelCodeFor(product: { barcode: string | null; sku: string }): LabelCode {
  const barcode = product.barcode?.trim() || null;
  if (barcode !== null) {
    if (barcodeProblem(barcode, 'ean13') === null) return { symbology: 'ean13', text: barcode };
    if (barcodeProblem(barcode, 'upc') === null) return { symbology: 'upca', text: barcode };
  }
  const code = (barcode ?? product.sku).replace(NOT_PRINTABLE, '').trim();
  return { symbology: 'code128', text: code };
}
