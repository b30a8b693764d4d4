import { describe, expect, it } from 'vitest';
import { dashboardCards, describeAction } from './dashboard';

describe('the dashboard by ability', () => {
  it('shows nothing but the welcome to a user who may read none of it', () => {
    expect(dashboardCards([])).toEqual({ stock: false, purchaseOrders: false, activity: null });
  });

  it('shows the stock cards and the stock movements to an inventory reader', () => {
    expect(dashboardCards(['operations:view-inventory'])).toEqual({ stock: true, purchaseOrders: false, activity: 'stock-movements' });
  });

  it('prefers the audit log for the recent activity', () => {
    const cards = dashboardCards(['operations:view-inventory', 'operations:view-purchase-orders', 'system:view-audit-logs']);
    expect(cards).toEqual({ stock: true, purchaseOrders: true, activity: 'audit-log' });
  });
});

describe('dashboard wording', () => {
  it('reads an audit action', () => {
    expect(describeAction('purchase_order.approved')).toBe('Purchase order approved');
  });
});
