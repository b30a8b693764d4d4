import { describe, expect, it } from 'vitest';
import {
  buildReceiveBody,
  receiveLines,
  receiveScanned,
  remapLineErrors,
  setAllReceived,
  type ReceiveLine,
} from './receive';
import type { PurchaseOrderItem } from './api';

const line = (id: string, quantity: number | string, extra: Partial<ReceiveLine> = {}): ReceiveLine => ({
  purchase_order_item_id: id,
  product_id: `product-${id}`,
  product_name: id,
  product_sku: null,
  outstanding: 10,
  quantity_received: quantity,
  quality_check_passed: true,
  quality_notes: '',
  ...extra,
});

describe('a receipt', () => {
  it('starts each pending line at what is outstanding; receive all and clear all set every row', () => {
    const item = (id: string, remaining: number) =>
      ({ id, product_name: id, product_sku: null, quantity_remaining: remaining }) as PurchaseOrderItem;
    const lines = receiveLines([item('a', 5), item('done', 0), item('b', 2)]);
    expect(lines.map((l) => [l.purchase_order_item_id, l.quantity_received])).toEqual([
      ['a', 5],
      ['b', 2],
    ]);
    const cleared = setAllReceived([{ ...lines[0]!, quantity_received: 3 }, lines[1]!], false);
    expect(cleared.map((l) => l.quantity_received)).toEqual([0, 0]);
    expect(setAllReceived(cleared, true).map((l) => l.quantity_received)).toEqual([5, 2]);
  });

  it('sends only the lines with a quantity, and remembers their rows', () => {
    const { body, sentRows } = buildReceiveBody({
      received_date: '',
      notes: ' ',
      quality_notes: '',
      lines: [
        line('a', 0),
        line('b', 4, { quality_check_passed: false, quality_notes: ' dented ' }),
        line('c', ''),
        line('d', 2),
      ],
    });
    expect(body.items).toEqual([
      { purchase_order_item_id: 'b', quantity_received: 4, quality_check_passed: false, quality_notes: 'dented' },
      { purchase_order_item_id: 'd', quantity_received: 2, quality_check_passed: true, quality_notes: null },
    ]);
    expect(body.received_date).toBeUndefined();
    expect(body.notes).toBeNull();
    expect(body.quality_notes).toBeNull();
    expect(sentRows).toEqual([1, 3]);
  });

  it("puts the API's line errors on the dialog's rows", () => {
    expect(
      remapLineErrors(
        {
          'items.1.quality_notes': ['Required.'],
          'items.0.quantity_received': ['Too many.'],
          received_date: ['Future.'],
        },
        [1, 3],
      ),
    ).toEqual({
      'lines.3.quality_notes': ['Required.'],
      'lines.1.quantity_received': ['Too many.'],
      received_date: ['Future.'],
    });
  });
});

describe('a receipt by scans', () => {
  const bolt = { id: 'product-a', name: 'Bolt' };

  it("starts every line at 0 on the first scan, then counts one unit per scan on the product's line", () => {
    const first = receiveScanned([line('a', 10), line('b', 10)], bolt, true);
    expect(first.refusal).toBeNull();
    expect(first.lines!.map((l) => l.quantity_received)).toEqual([1, 0]);
    const second = receiveScanned(first.lines!, bolt, false);
    expect(second.lines!.map((l) => l.quantity_received)).toEqual([2, 0]);
  });

  it('refuses a product the order is not waiting for, and a unit beyond what is outstanding', () => {
    const lines = [line('a', 2, { outstanding: 2 }), line('b', 0)];
    expect(receiveScanned(lines, { id: 'product-z', name: 'Hammer' }, false)).toEqual({
      lines: null,
      refusal: 'Hammer is not on this order, or nothing of it is outstanding.',
    });
    expect(receiveScanned(lines, bolt, false)).toEqual({
      lines: null,
      refusal: 'All 2 outstanding of Bolt are counted already.',
    });
  });

  it("fills a product's second line once its first is complete", () => {
    const lines = [line('a', 1, { outstanding: 1 }), line('a2', 0, { product_id: 'product-a' })];
    expect(receiveScanned(lines, bolt, false).lines!.map((l) => l.quantity_received)).toEqual([1, 1]);
  });
});
