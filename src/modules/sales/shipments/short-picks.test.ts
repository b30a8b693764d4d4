import { describe, expect, it } from 'vitest';
import { shortPickPlan, type PackedLine } from './short-picks.js';

const lines: PackedLine[] = [
  { id: 'a', product_sku: 'DRL-18V', product_name: 'Drill', quantity: 5 },
  { id: 'b', product_sku: null, product_name: 'Saw', quantity: 2 },
];

describe('shortPickPlan', () => {
  it('packs lines not named and lines picked in full as they are', () => {
    expect(shortPickPlan(lines, [])).toEqual({ short: [] });
    expect(shortPickPlan(lines, [{ id: 'a', quantity_picked: 5 }])).toEqual({ short: [] });
  });

  it('gives back what a line lacks, a line picked 0 included', () => {
    expect(
      shortPickPlan(lines, [
        { id: 'a', quantity_picked: 3 },
        { id: 'b', quantity_picked: 0 },
      ]),
    ).toEqual({
      short: [
        { id: 'a', picked: 3, short: 2 },
        { id: 'b', picked: 0, short: 2 },
      ],
    });
  });

  it('names an unknown line, a line named twice and a pick above the line', () => {
    expect(
      shortPickPlan(lines, [
        { id: 'x', quantity_picked: 1 },
        { id: 'a', quantity_picked: 6 },
        { id: 'b', quantity_picked: 1 },
        { id: 'b', quantity_picked: 1 },
      ]),
    ).toEqual({
      errors: {
        'lines.0.id': ['The selected shipment line id is invalid.'],
        'lines.1.quantity_picked': ['Line 1 (DRL-18V): at most 5 can be picked; picked 6.'],
        'lines.3.id': ['Line 2 is named more than once.'],
      },
    });
  });

  it('refuses a shipment left with nothing', () => {
    const plan = shortPickPlan(lines, [
      { id: 'a', quantity_picked: 0 },
      { id: 'b', quantity_picked: 0 },
    ]);
    expect(plan).toEqual({ errors: { lines: [expect.stringContaining('Nothing was picked')] } });
  });
});
