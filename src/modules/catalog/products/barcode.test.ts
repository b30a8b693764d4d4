import { describe, expect, it } from 'vitest';
import {
  BARCODE_TYPE_WITHOUT_CODE,
  barcodeProblem,
  gtinCheckDigit,
  inferBarcodeType,
  resolveBarcode,
} from './barcode.js';

describe('barcodes', () => {
  // Published examples of each GTIN length, check digits included.
  const valid = { ean8: '96385074', upc: '036000291452', ean13: '4006381333931', gtin14: '10012345678902' } as const;

  it('computes the GS1 check digit of every GTIN length', () => {
    for (const code of [...Object.values(valid), '73513537', '5901234123457', '0036000291452', '00012345600012']) {
      expect(gtinCheckDigit(code.slice(0, -1)), code).toBe(Number(code.at(-1)));
    }
  });

  it('accepts a valid GTIN of each kind and refuses it with any other check digit', () => {
    for (const [type, code] of Object.entries(valid) as Array<[keyof typeof valid, string]>) {
      expect(barcodeProblem(code, type), code).toBeNull();
      for (let digit = 0; digit <= 9; digit++) {
        const other = `${code.slice(0, -1)}${digit}`;
        if (other !== code) expect(barcodeProblem(other, type), other).toMatch(/check digit is wrong/);
      }
    }
    expect(barcodeProblem('4006381333932', 'ean13')).toBe(
      "The barcode's check digit is wrong for type ean13 (EAN-13, GTIN-13): 4006381333932 would end in 1. Check the code, or send barcode_type other for a code that is not a GTIN.",
    );
  });

  it('refuses a GTIN of the wrong length or with other characters', () => {
    expect(barcodeProblem('036000291452', 'ean13')).toBe(
      'A barcode of type ean13 (EAN-13, GTIN-13) must be 13 digits.',
    );
    expect(barcodeProblem('4006381333931', 'upc')).toBe('A barcode of type upc (UPC-A, GTIN-12) must be 12 digits.');
    expect(barcodeProblem('9638507A', 'ean8')).toMatch(/must be 8 digits/);
    expect(barcodeProblem('1001234567890 ', 'gtin14')).toMatch(/must be 14 digits/);
  });

  it('takes any printable code up to 64 characters as other', () => {
    for (const code of ['X', 'ABC-123/45', 'CODE 39 LABEL', '4006381333932', '~!@#$%^&*()_+', 'A'.repeat(64)]) {
      expect(barcodeProblem(code, 'other'), code).toBeNull();
    }
    for (const code of ['A'.repeat(65), ' lead', 'trail ', 'tab\there', 'line\nbreak', 'café', '']) {
      expect(barcodeProblem(code, 'other'), code).toMatch(/1 to 64 printable ASCII characters/);
    }
  });

  it('infers a GTIN kind from 8, 12, 13 or 14 digits and other for anything else', () => {
    expect(inferBarcodeType('96385074')).toBe('ean8');
    expect(inferBarcodeType('036000291452')).toBe('upc');
    expect(inferBarcodeType('4006381333931')).toBe('ean13');
    expect(inferBarcodeType('10012345678902')).toBe('gtin14');
    for (const code of ['1234567', '12345678901', '123456789012345', 'ABC-123', '4006381333931X'])
      expect(inferBarcodeType(code), code).toBe('other');
  });

  describe('resolving what a write sends', () => {
    const stored = { barcode: '4006381333931', barcode_type: 'ean13' } as const;

    it('changes nothing when neither field is sent', () => {
      expect(resolveBarcode({}, stored)).toEqual({ barcode: undefined, errors: {} });
    });

    it('infers the kind of a code sent alone, or sent with a null kind, and trims it', () => {
      expect(resolveBarcode({ barcode: ' 036000291452 ' }, null).barcode).toEqual({
        barcode: '036000291452',
        barcode_type: 'upc',
      });
      expect(resolveBarcode({ barcode: 'SHELF-7', barcode_type: null }, stored).barcode).toEqual({
        barcode: 'SHELF-7',
        barcode_type: 'other',
      });
    });

    it('keeps a sent kind, refusing a code that is not of it', () => {
      expect(resolveBarcode({ barcode: '4006381333931', barcode_type: 'other' }, null).barcode).toEqual({
        barcode: '4006381333931',
        barcode_type: 'other',
      });
      expect(resolveBarcode({ barcode: '4006381333932' }, null)).toEqual({
        barcode: undefined,
        errors: { barcode: [expect.stringMatching(/check digit/)] },
      });
      expect(resolveBarcode({ barcode: 'ABC', barcode_type: 'ean8' }, null).errors).toEqual({
        barcode: [expect.stringMatching(/must be 8 digits/)],
      });
    });

    it('re-checks the stored code against a kind sent alone', () => {
      expect(resolveBarcode({ barcode_type: 'other' }, stored).barcode).toEqual({
        barcode: '4006381333931',
        barcode_type: 'other',
      });
      expect(resolveBarcode({ barcode_type: 'upc' }, stored).errors).toEqual({
        barcode: [expect.stringMatching(/must be 12 digits/)],
      });
      expect(resolveBarcode({ barcode_type: null }, { barcode: 'SHELF-7', barcode_type: 'other' }).barcode).toEqual({
        barcode: 'SHELF-7',
        barcode_type: 'other',
      });
    });

    it('clears both with a null or blank code, and refuses a kind without a code', () => {
      expect(resolveBarcode({ barcode: null }, stored).barcode).toEqual({ barcode: null, barcode_type: null });
      expect(resolveBarcode({ barcode: '  ', barcode_type: null }, stored).barcode).toEqual({
        barcode: null,
        barcode_type: null,
      });
      expect(resolveBarcode({ barcode: null, barcode_type: 'ean13' }, stored).errors).toEqual({
        barcode_type: [BARCODE_TYPE_WITHOUT_CODE],
      });
      expect(resolveBarcode({ barcode_type: 'ean13' }, null).errors).toEqual({
        barcode_type: [BARCODE_TYPE_WITHOUT_CODE],
      });
    });
  });
});
