import { describe, expect, it } from 'vitest';
import { describePattern, filterOptions, groupEventTypes, togglePattern } from './patterns';

const types = [
  { event_type: 'product.created', entity_type: 'product', description: 'A product was created.' },
  { event_type: 'product.updated', entity_type: 'product', description: 'A product was changed.' },
  { event_type: 'purchase_order.approved', entity_type: 'purchase_order', description: 'Approved.' },
  { event_type: 'webhook.test', entity_type: 'webhook', description: 'Sent only by the test endpoint.' },
];

describe('the event-type picker', () => {
  it('groups the catalogue by entity, in its order, with each entity wildcard, leaving out the test-only types', () => {
    const groups = groupEventTypes(types);
    expect(groups.map((g) => [g.label, g.wildcard, g.types.map((t) => t.event_type)])).toEqual([
      ['Product', 'product.*', ['product.created', 'product.updated']],
      ['Purchase order', 'purchase_order.*', ['purchase_order.approved']],
    ]);
  });

  it('lets a wider pattern replace the narrower ones it covers, and unticks a pattern', () => {
    expect(togglePattern(['product.created', 'purchase_order.approved'], 'product.*')).toEqual([
      'purchase_order.approved',
      'product.*',
    ]);
    expect(togglePattern(['product.*', 'purchase_order.*'], '*')).toEqual(['*']);
    expect(togglePattern(['product.*'], 'purchase_order.approved')).toEqual(['product.*', 'purchase_order.approved']);
    expect(togglePattern(['product.*', 'product.created'], 'product.created')).toEqual(['product.*']);
  });

  it('reads patterns as a person would and offers them as filter options', () => {
    expect(describePattern('*')).toBe('All events');
    expect(describePattern('purchase_order.*')).toBe('Every purchase order event');
    expect(describePattern('product.created')).toBe('product.created');
    expect(filterOptions(groupEventTypes(types))[0]).toEqual({
      group: 'Product',
      items: [
        { value: 'product.*', label: 'Every product event' },
        { value: 'product.created', label: 'product.created' },
        { value: 'product.updated', label: 'product.updated' },
      ],
    });
  });
});
