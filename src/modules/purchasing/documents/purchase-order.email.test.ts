// The supplier e-mail of a purchase order: recipients, subject, body and the attached PDF.
import { describe, expect, it } from 'vitest';
import { sampleOrder } from '../../../../test/purchasing/document-fixtures.js';
import { purchaseOrderEmail, purchaseOrderFileName } from './purchase-order.email.js';

describe('purchaseOrderEmail', () => {
  it('addresses the supplier with the order number as subject and the PDF attached', async () => {
    const order = sampleOrder();
    const email = await purchaseOrderEmail(order, { cc_emails: ['buyer@acme.example'] });
    expect(email.to).toBe('orders@fastener.example');
    expect(email.cc).toEqual(['buyer@acme.example']);
    expect(email.subject).toBe('Purchase order PO-202611-0007');
    expect(email.text).toContain('Hello Fastener Supply Co,');
    expect(email.text).toContain('Please find attached our purchase order PO-202611-0007 of 2026-11-21.');
    expect(email.text).toContain('Total: EUR 1,564.40');
    expect(email.text).toContain('Expected delivery: 2026-12-05');
    expect(email.text).toContain('Deliver to: Main warehouse');
    expect(email.text.trimEnd().endsWith('Acme Operations')).toBe(true);
    expect(email.attachments).toHaveLength(1);
    const [attachment] = email.attachments!;
    expect(attachment!.filename).toBe('PO-202611-0007.pdf');
    expect(attachment!.contentType).toBe('application/pdf');
    expect(attachment!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('puts the caller message first and drops blank, repeated and supplier cc addresses', async () => {
    const email = await purchaseOrderEmail(sampleOrder(), {
      message: '  Please ship urgently.  ',
      cc_emails: ['a@acme.example', ' A@acme.example ', '', 'ORDERS@fastener.example', 'b@acme.example'],
    });
    expect(email.cc).toEqual(['a@acme.example', 'b@acme.example']);
    expect(email.text.split('\n').slice(0, 3)).toEqual(['Hello Fastener Supply Co,', '', 'Please ship urgently.']);
  });

  it('uses a given PDF as is and attaches none when attach_pdf is false', async () => {
    const pdf = Buffer.from('%PDF-1.3 prepared');
    const given = await purchaseOrderEmail(sampleOrder(), { pdf });
    expect(given.attachments?.[0]?.content).toBe(pdf);

    const bare = await purchaseOrderEmail(sampleOrder({ expected_delivery_date: null }), { attach_pdf: false });
    expect(bare.attachments).toBeUndefined();
    expect(bare.cc).toEqual([]);
    expect(bare.text).toContain('This is our purchase order PO-202611-0007');
    expect(bare.text).not.toContain('Expected delivery');
  });

  it('signs with the company address, tax id and footer', async () => {
    const email = await purchaseOrderEmail(
      sampleOrder({
        company_address: {
          street: 'Hafenstraße 12',
          street2: null,
          city: 'Hamburg',
          state: null,
          postal_code: '20457',
          country: 'DE',
        },
        company_tax_id: 'DE123456789',
        footer: '  Please quote the order number on every delivery note.  ',
      }),
      { attach_pdf: false },
    );
    const lines = email.text.trimEnd().split('\n');
    expect(lines.slice(-9)).toEqual([
      'Kind regards,',
      'Acme Operations',
      'Hafenstraße 12',
      '20457 Hamburg',
      'DE',
      'Tax ID: DE123456789',
      '',
      '--',
      'Please quote the order number on every delivery note.',
    ]);
  });

  it('prints calendar dates as they are, whatever the zone', async () => {
    const email = await purchaseOrderEmail(sampleOrder({ time_zone: 'Pacific/Kiritimati' }), { attach_pdf: false });
    expect(email.text).toContain('of 2026-11-21.');
    expect(email.text).toContain('Expected delivery: 2026-12-05');
  });

  it('keeps file names safe', () => {
    expect(purchaseOrderFileName({ po_number: 'PO-202611-0001' })).toBe('PO-202611-0001.pdf');
    expect(purchaseOrderFileName({ po_number: 'PO/2026 11' })).toBe('PO_2026_11.pdf');
  });
});
