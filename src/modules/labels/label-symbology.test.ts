import { describe, expect, it } from 'vitest';
import { labelCodeFor } from './label-symbology.js';

describe('labelCodeFor', () => {
  it('prints a valid GTIN-13 as EAN-13 and a valid GTIN-12 as UPC-A', () => {
    expect(labelCodeFor({ barcode: '4006381333931', sku: 'PEN-1' })).toEqual({
      symbology: 'ean13',
      text: '4006381333931',
    });
    expect(labelCodeFor({ barcode: '036000291452', sku: 'TIS-1' })).toEqual({
      symbology: 'upca',
      text: '036000291452',
    });
  });

  it('prints a GTIN with a wrong check digit as Code 128, since it would not scan as a GTIN', () => {
    expect(labelCodeFor({ barcode: '4006381333932', sku: 'PEN-1' })).toEqual({
      symbology: 'code128',
      text: '4006381333932',
    });
    expect(labelCodeFor({ barcode: '036000291453', sku: 'TIS-1' }).symbology).toBe('code128');
  });

  it('prints other codes (EAN-8, GTIN-14, letters) as Code 128', () => {
    expect(labelCodeFor({ barcode: '96385074', sku: 'X' }).symbology).toBe('code128');
    expect(labelCodeFor({ barcode: '10614141000415', sku: 'X' }).symbology).toBe('code128');
    expect(labelCodeFor({ barcode: 'SUP-778/A', sku: 'X' })).toEqual({ symbology: 'code128', text: 'SUP-778/A' });
  });

  it('prints the SKU as Code 128 when the product has no barcode', () => {
    expect(labelCodeFor({ barcode: null, sku: 'DRL-18V' })).toEqual({ symbology: 'code128', text: 'DRL-18V' });
    expect(labelCodeFor({ barcode: '  ', sku: 'DRL-18V' })).toEqual({ symbology: 'code128', text: 'DRL-18V' });
  });

  it('leaves characters Code 128 cannot print out of the bars', () => {
    expect(labelCodeFor({ barcode: null, sku: 'Café-1' })).toEqual({ symbology: 'code128', text: 'Caf-1' });
  });
});
