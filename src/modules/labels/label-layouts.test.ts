import { describe, expect, it } from 'vitest';
import { LABEL_LAYOUTS, LABEL_LAYOUT_NAMES, MAX_SKIP, MM, labelSlot, labelsPerPage } from './label-layouts.js';

describe('label layouts', () => {
  it.each(LABEL_LAYOUT_NAMES)('%s puts every label of a page inside the page, none overlapping', (name) => {
    const layout = LABEL_LAYOUTS[name];
    const slots = Array.from({ length: labelsPerPage(layout) }, (_, slot) => labelSlot(layout, slot));
    const [width, height] = [layout.label.width * MM, layout.label.height * MM];
    const epsilon = 0.01;
    for (const slot of slots) {
      expect(slot.page).toBe(0);
      expect(slot.x).toBeGreaterThanOrEqual(-epsilon);
      expect(slot.y).toBeGreaterThanOrEqual(-epsilon);
      expect(slot.x + width).toBeLessThanOrEqual(layout.page.width * MM + epsilon);
      expect(slot.y + height).toBeLessThanOrEqual(layout.page.height * MM + epsilon);
    }
    for (const [i, a] of slots.entries()) {
      for (const b of slots.slice(i + 1)) {
        const apart = a.x + width <= b.x + epsilon || b.x + width <= a.x + epsilon;
        const above = a.y + height <= b.y + epsilon || b.y + height <= a.y + epsilon;
        expect(apart || above).toBe(true);
      }
    }
  });

  it('fills a sheet left to right, top to bottom, then the next page', () => {
    const layout = LABEL_LAYOUTS['a4-3x8'];
    expect(labelsPerPage(layout)).toBe(24);
    expect(labelSlot(layout, 1).x).toBeCloseTo(70 * MM);
    expect(labelSlot(layout, 3)).toMatchObject({ page: 0, x: 0 });
    expect(labelSlot(layout, 3).y).toBeCloseTo(37.5 * MM);
    expect(labelSlot(layout, 24)).toEqual({ ...labelSlot(layout, 0), page: 1 });
  });

  it('places Avery 5160 labels at its margins and pitch', () => {
    const layout = LABEL_LAYOUTS['letter-3x10'];
    expect(labelsPerPage(layout)).toBe(30);
    expect(labelSlot(layout, 0).x).toBeCloseTo(0.1875 * 72);
    expect(labelSlot(layout, 0).y).toBeCloseTo(0.5 * 72);
    expect(labelSlot(layout, 1).x).toBeCloseTo((0.1875 + 2.75) * 72);
    expect(labelSlot(layout, 29).y).toBeCloseTo(9.5 * 72);
  });

  it('allows a skip of up to one label less than the largest sheet', () => {
    expect(MAX_SKIP).toBe(29);
  });
});
