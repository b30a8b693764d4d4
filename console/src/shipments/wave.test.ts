import { describe, expect, it } from 'vitest';
import { wavePickList } from './wave';

const open = (id: string, warehouse_id = 'w1') => ({ id, warehouse_id, status: 'draft' as const });

describe('the wave pick list', () => {
  it('gathers the open shipments of one warehouse', () => {
    const plan = wavePickList([open('s1'), { ...open('s2'), status: 'packed' }, { ...open('s3'), status: 'shipped' }]);
    expect(plan).toEqual({
      ok: true,
      count: 2,
      href: '/api/v1/sales/pick-list?warehouse_id=w1&shipment_ids=s1%2Cs2',
    });
  });

  it('says why it cannot: nothing open, or two warehouses', () => {
    expect(wavePickList([]).ok).toBe(false);
    expect(wavePickList([{ ...open('s1'), status: 'cancelled' }])).toMatchObject({ ok: false, reason: /No open/ });
    expect(wavePickList([open('s1'), open('s2', 'w2')])).toMatchObject({ ok: false, reason: /one warehouse/ });
  });
});
