import { describe, expect, it } from 'vitest';
import { dashboardCards, stockValueTotals } from './dashboard';

describe('the dashboard by ability', () => {
  it('shows nothing but the welcome to a user who may read none of it', () => {
    expect(dashboardCards([])).toEqual({ stock: false, purchaseOrders: false, salesOrders: false, activity: null });
  });

  it('shows the stock cards and the stock movements to an inventory reader', () => {
    expect(dashboardCards(['operations:view-inventory'])).toEqual({
      stock: true,
      purchaseOrders: false,
      salesOrders: false,
      activity: 'stock-movements',
    });
  });

  it('prefers the audit log for the recent activity', () => {
    const cards = dashboardCards([
      'operations:view-inventory',
      'operations:view-purchase-orders',
      'sales:view-orders',
      'system:view-audit-logs',
    ]);
    expect(cards).toEqual({ stock: true, purchaseOrders: true, salesOrders: true, activity: 'audit-log' });
  });
});

describe('the stock value card', () => {
  it('shows every currency the stock is priced in, never a zero for the tenant’s own when others hold stock', () => {
    const values = [
      { currency: 'EUR', value: 0 },
      { currency: 'GBP', value: 10 },
      { currency: 'USD', value: 13 },
    ];
    expect(stockValueTotals(values)).toEqual([
      { currency: 'GBP', value: 10 },
      { currency: 'USD', value: 13 },
    ]);
  });

  it('keeps the tenant’s own currency first beside the others', () => {
    expect(
      stockValueTotals([
        { currency: 'EUR', value: 78.98 },
        { currency: 'USD', value: 30 },
      ]).map((total) => total.currency),
    ).toEqual(['EUR', 'USD']);
  });

  it('shows the tenant’s own zero when no stock is priced', () => {
    expect(stockValueTotals([{ currency: 'EUR', value: 0 }])).toEqual([{ currency: 'EUR', value: 0 }]);
  });
});
