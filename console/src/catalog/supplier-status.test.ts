import { describe, expect, it } from 'vitest';
import { label, statusColor, SUPPLIER_STATUSES, supplierActions } from './supplier-status';

describe('supplier status actions', () => {
  it('offers activation to inactive and suspended suppliers, deactivation to active ones', () => {
    expect(supplierActions('inactive')).toEqual(['activate', 'suspend']);
    expect(supplierActions('suspended')).toEqual(['activate']);
    expect(supplierActions('active')).toEqual(['deactivate', 'suspend']);
  });

  it('offers nothing for a blacklisted supplier, and only suspension for the other statuses', () => {
    expect(supplierActions('blacklisted')).toEqual([]);
    for (const status of ['prospective', 'approved', 'preferred', 'under_review'] as const)
      expect(supplierActions(status)).toEqual(['suspend']);
  });

  it('names and colours every status', () => {
    for (const status of SUPPLIER_STATUSES) expect(statusColor(status)).toBeTruthy();
    expect(label('under_review')).toBe('Under review');
    expect(label('service_provider')).toBe('Service provider');
  });
});
