import { describe, expect, it } from 'vitest';
import { activitySentence, recordLabels, type ActivityEntry } from './activity';

const ada = { type: 'user' as const, user_id: 'u1', token_id: null, name: 'ada@example.test' };
const entry = (
  action: string,
  entity_type: string,
  changes: ActivityEntry['changes'] = null,
  entity_id: string | null = 'r1',
): ActivityEntry => ({
  action,
  entity_type,
  entity_id,
  actor: ada,
  changes,
});
const names = new Map([['u1', 'Ada']]);

describe('recent activity sentences', () => {
  it('names the user by name, the e-mail of the entry when the name is unknown', () => {
    expect(activitySentence(entry('auth.signed_in', 'user'), names)).toBe('Ada signed in');
    expect(activitySentence(entry('auth.signed_in', 'user'))).toBe('ada@example.test signed in');
  });

  it('names the record from what the entry recorded of it', () => {
    expect(
      activitySentence(
        entry('purchase_order.created', 'purchase_order', { po_number: { before: null, after: 'PO-0012' } }),
        names,
      ),
    ).toBe('Ada created purchase order PO-0012');
    expect(
      activitySentence(
        entry('product.updated', 'product', { name: { before: 'Drill', after: 'Cordless drill' } }),
        names,
      ),
    ).toBe('Ada updated product Cordless drill');
  });

  it('names the record from another entry of the page about it', () => {
    const created = entry('purchase_order.created', 'purchase_order', {
      po_number: { before: null, after: 'PO-0012' },
    });
    const submitted = entry('purchase_order.submitted_for_approval', 'purchase_order', {
      status: { before: 'draft', after: 'pending_approval' },
    });
    expect(activitySentence(submitted, names, recordLabels([submitted, created]))).toBe(
      'Ada submitted purchase order PO-0012 for approval',
    );
  });

  it('says "a" or "an" record when nothing names it', () => {
    expect(activitySentence(entry('supplier.created', 'supplier'), names)).toBe('Ada created a supplier');
    expect(activitySentence(entry('api_token.revoked', 'api_token'), names)).toBe('Ada revoked an API token');
    expect(activitySentence(entry('tenant.updated', 'tenant'), names)).toBe('Ada changed the organisation settings');
  });

  it('says who acted other than a signed-in user', () => {
    expect(activitySentence({ ...entry('product.created', 'product'), actor: { ...ada, type: 'token' } }, names)).toBe(
      'Ada (API token) created a product',
    );
    expect(
      activitySentence({
        ...entry('product.deleted', 'product'),
        actor: { type: 'cli', user_id: null, token_id: null, name: 'ops' },
      }),
    ).toBe('ops (command line) deleted a product');
    expect(
      activitySentence({
        ...entry('import.completed', 'import'),
        actor: { type: 'system', user_id: null, token_id: null, name: null },
      }),
    ).toBe('The system completed an import');
  });

  it('reads an action it does not know from its own words', () => {
    expect(activitySentence(entry('brand.archived', 'brand'), names)).toBe('Ada archived a brand');
    expect(activitySentence(entry('stock.recount', 'inventory_record', null, null), names)).toBe(
      'Ada: recount (an inventory record)',
    );
  });
});
