import { describe, expect, it } from 'vitest';
import {
  adjust,
  notesWithShortPick,
  packedShort,
  progress,
  refusalMessage,
  scan,
  shortLines,
  shortPickNote,
  type PickLine,
} from './pick';

const drill: PickLine = { id: 'l1', product_id: 'p1', product_name: 'Drill', product_sku: 'DRL-18V', quantity: 2 };
const bits: PickLine = { id: 'l2', product_id: 'p2', product_name: 'Drill bits', product_sku: null, quantity: 1 };
/** The drill again, on a second line of the order. */
const drillAgain: PickLine = { ...drill, id: 'l3', quantity: 1 };
const lines = [drill, bits];

describe('scanning against the pick list', () => {
  it('counts a product on the list one up', () => {
    const outcome = scan(lines, {}, 'DRL-18V', { id: 'p1', name: 'Drill' });
    expect(outcome).toEqual({ kind: 'picked', line: drill, counts: { l1: 1 } });
  });

  it('refuses a product not on the list, an unknown code, and one more than the line ships', () => {
    expect(scan(lines, {}, 'HAM-1', { id: 'p9', name: 'Hammer' })).toEqual({
      kind: 'not-on-list',
      code: 'HAM-1',
      productName: 'Hammer',
    });
    expect(scan(lines, {}, '0000', null)).toEqual({ kind: 'unknown', code: '0000' });
    expect(scan(lines, { l1: 2 }, 'DRL-18V', { id: 'p1', name: 'Drill' })).toEqual({
      kind: 'over',
      code: 'DRL-18V',
      line: drill,
    });
  });

  it('fills the first line of a product with room, then the next', () => {
    const both = [drill, drillAgain];
    const first = scan(both, { l1: 1 }, 'DRL-18V', { id: 'p1', name: 'Drill' });
    expect(first.kind === 'picked' && first.counts).toEqual({ l1: 2 });
    const second = scan(both, { l1: 2 }, 'DRL-18V', { id: 'p1', name: 'Drill' });
    expect(second.kind === 'picked' && second.counts).toEqual({ l1: 2, l3: 1 });
    expect(scan(both, { l1: 2, l3: 1 }, 'DRL-18V', { id: 'p1', name: 'Drill' }).kind).toBe('over');
  });

  it('words each refusal with the code scanned', () => {
    expect(refusalMessage({ kind: 'unknown', code: '0000' })).toBe('No product has the code 0000.');
    expect(refusalMessage({ kind: 'not-on-list', code: 'HAM-1', productName: 'Hammer' })).toBe(
      'HAM-1 (Hammer) is not on this pick list.',
    );
    expect(refusalMessage({ kind: 'over', code: 'DRL-18V', line: drill })).toBe(
      'DRL-18V: all 2 of Drill are picked already.',
    );
  });
});

describe('manual steps', () => {
  it('keeps a line between none and its quantity', () => {
    expect(adjust({}, drill, -1)).toEqual({ l1: 0 });
    expect(adjust({ l1: 1 }, drill, 1)).toEqual({ l1: 2 });
    expect(adjust({ l1: 2 }, drill, 1)).toEqual({ l1: 2 });
    expect(adjust({ l1: 2, l2: 1 }, drill, -1)).toEqual({ l1: 1, l2: 1 });
  });
});

describe('short picks', () => {
  it('lists the lines picked below their quantity, with the progress over all lines', () => {
    expect(shortLines(lines, { l1: 1, l2: 1 })).toEqual([{ line: drill, picked: 1 }]);
    expect(shortLines(lines, { l1: 2, l2: 1 })).toEqual([]);
    expect(progress(lines, { l1: 1 })).toEqual({ picked: 1, total: 3 });
  });

  it('writes the short lines into the notes, below the notes the shipment has', () => {
    const shorts = shortLines(lines, { l1: 1 });
    expect(shortPickNote(shorts)).toBe('Short pick: DRL-18V 1 of 2; Drill bits 0 of 1.');
    expect(notesWithShortPick(null, shorts)).toBe('Short pick: DRL-18V 1 of 2; Drill bits 0 of 1.');
    expect(notesWithShortPick('  Fragile. ', shorts)).toBe('Fragile.\nShort pick: DRL-18V 1 of 2; Drill bits 0 of 1.');
  });

  it('sends what was picked of each short line', () => {
    expect(packedShort(shortLines(lines, { l1: 1 }))).toEqual([
      { id: 'l1', quantity_picked: 1 },
      { id: 'l2', quantity_picked: 0 },
    ]);
  });
});
