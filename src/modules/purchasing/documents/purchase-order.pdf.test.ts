// The purchase order PDF, parsed back: content, pagination and characters outside ASCII.
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { sampleLines, sampleOrder } from '../../../../test/purchasing/document-fixtures.js';
import { renderPurchaseOrderPdf } from './purchase-order.pdf.js';

async function parse(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(document, { mergePages: true });
  return { pages: totalPages, text };
}

describe('renderPurchaseOrderPdf', () => {
  it('renders a PDF holding the order number, supplier, every SKU and the total', async () => {
    const pdf = await renderPurchaseOrderPdf(sampleOrder());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, text } = await parse(pdf);
    expect(pages).toBe(1);
    expect(text).toContain('PO-202611-0007');
    expect(text).toContain('Fastener Supply Co');
    expect(text).toContain('Main warehouse');
    for (const sku of ['BOLT-M8', 'NUT-M8', 'WASH-M8']) expect(text).toContain(sku);
    expect(text).toContain('EUR 1,564.40');
    expect(text).toContain('1,234.50');
    // Unit prices are printed with the currency's digits, rounded.
    expect(text).toContain('1.23');
    expect(text).toContain('Net 30');
    expect(text).toContain('Deliver to gate 3');
    expect(text).toContain('page 1 of 1');
  });

  it('continues a long line table on further pages with every SKU and numbered pages', async () => {
    const lines = sampleLines(100);
    const pdf = await renderPurchaseOrderPdf(sampleOrder({ lines, total_amount: 63_125 }));
    const { pages, text } = await parse(pdf);
    expect(pages).toBeGreaterThan(1);
    for (const line of lines) expect(text).toContain(line.product_sku);
    expect(text).toContain(`page ${pages} of ${pages}`);
    expect(text).toContain('EUR 63,125.00');
    // The table header is repeated on each page that holds lines.
    expect(text.split('SKU').length - 1).toBeGreaterThanOrEqual(pages);
  });

  it('prints Latin-1 and wider Latin names and survives characters the font lacks', async () => {
    const order = sampleOrder({
      company_name: 'Ødegaard Handel',
      supplier: { name: 'Müller & Søn', code: 'MÜL', email: 'info@mueller.example', address: { city: 'Zürich' } },
      warehouse: { name: '東京 倉庫', code: 'TYO', address: { city: '東京' } },
      notes: 'Łódź, Ελλάδα, Москва — señor',
    });
    const { text } = await parse(await renderPurchaseOrderPdf(order));
    expect(text).toContain('Müller & Søn');
    expect(text).toContain('Zürich');
    expect(text).toContain('Ødegaard Handel');
    expect(text).toContain('Łódź, Ελλάδα, Москва — señor');
    expect(text).toContain('PO-202611-0007');
  });

  it('prints amounts with the digits of the currency and an order without optional fields', async () => {
    const order = sampleOrder({
      currency: 'JPY',
      lines: [
        { product_sku: 'TEA-1', product_name: 'Green tea', quantity_ordered: 3, unit_price: 1200, line_total: 3600 },
      ],
      subtotal: 3600,
      tax_amount: 0,
      shipping_cost: 0,
      discount_amount: 0,
      total_amount: 3600,
      expected_delivery_date: null,
      payment_terms: null,
      shipping_method: null,
      notes: null,
      supplier: { name: 'Tea House', code: null, email: 'tea@example.com', address: null },
      warehouse: { name: 'Annex', code: null, address: null },
    });
    const { text } = await parse(await renderPurchaseOrderPdf(order));
    expect(text).toContain('JPY 3,600');
    expect(text).not.toContain('3,600.00');
    expect(text).not.toContain('Expected delivery');
    expect(text).not.toContain('Discount');
  });

  it('prints the company address and tax id under its name, the footer at the end, and timestamps in the tenant zone', async () => {
    const order = sampleOrder({
      company_name: 'Acme Trading GmbH',
      company_address: {
        street: 'Hafenstraße 12',
        street2: '3. Stock',
        city: 'Hamburg',
        state: 'Hamburg',
        postal_code: '20457',
        country: 'DE',
      },
      company_tax_id: 'DE123456789',
      footer: 'Please quote the order number on every delivery note and invoice.',
      time_zone: 'Europe/Berlin',
      // 23:30 UTC on 30 November is already 1 December in Berlin.
      approved_at: '2026-11-30T23:30:00.000Z',
    });
    const { text } = await parse(await renderPurchaseOrderPdf(order));
    expect(text).toContain('Acme Trading GmbH');
    expect(text).toContain('Hafenstraße 12');
    expect(text).toContain('3. Stock');
    expect(text).toContain('20457 Hamburg, Hamburg');
    expect(text).toContain('Tax ID: DE123456789');
    expect(text).toContain('Please quote the order number on every delivery note and invoice.');
    expect(text).toContain('2026-12-01');
    expect(text).not.toContain('2026-11-30');
    // Calendar dates print as they are, in any zone.
    expect(text).toContain('2026-11-21');
    expect(text.indexOf('Please quote')).toBeGreaterThan(text.indexOf('Deliver to gate 3'));
  });

  it('prints the approval date in UTC without a zone, and no company block, tax id or footer without settings', async () => {
    const { text } = await parse(
      await renderPurchaseOrderPdf(sampleOrder({ approved_at: '2026-11-30T23:30:00.000Z' })),
    );
    expect(text).toContain('2026-11-30');
    expect(text).not.toContain('Tax ID');
  });

  it('puts a long footer after a long table, on a page of its own when needed', async () => {
    const footer = `Terms and conditions: ${'goods remain ours until paid; '.repeat(60)}the end.`;
    const { pages, text } = await parse(await renderPurchaseOrderPdf(sampleOrder({ lines: sampleLines(100), footer })));
    expect(text).toContain('Terms and conditions:');
    expect(text).toContain('the end.');
    expect(text).toContain(`page ${pages} of ${pages}`);
  });
});
