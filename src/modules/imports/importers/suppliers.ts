// Supplier rows, keyed by supplier code: the body of a supplier create or update, the address in
// `address_<part>` columns.
import { SupplierCreateBody, SupplierUpdateBody } from '../../catalog/suppliers/supplier.schemas.js';
import { supplierResource, type SupplierService } from '../../catalog/suppliers/supplier.service.js';
import { assign, changesNothing, checkedBody, RowReader, RowRefusedError, type RowImporter } from './row-importer.js';

const ADDRESS_PARTS = ['street', 'city', 'state', 'postal_code', 'country'] as const;
const ADDRESS_COLUMNS = ADDRESS_PARTS.map((part) => `address_${part}`);

export const SUPPLIER_COLUMNS = [
  'code',
  'name',
  'email',
  'phone',
  'type',
  'is_approved',
  'is_preferred',
  'payment_terms',
  'lead_time_days',
  'minimum_order_amount',
  ...ADDRESS_COLUMNS,
] as const;

export function supplierImporter(suppliers: SupplierService): RowImporter {
  const columnOf = (field: string) =>
    field.startsWith('address.') ? `address_${field.slice('address.'.length)}` : field;
  const createBody = checkedBody<SupplierCreateBody>(SupplierCreateBody, columnOf);
  const updateBody = checkedBody<SupplierUpdateBody>(SupplierUpdateBody, columnOf);

  const read = (row: RowReader, creating: boolean, currentAddress: Record<string, unknown> | null) => {
    const body: Record<string, unknown> = {};
    for (const column of ['name', 'email', 'type', 'phone', 'payment_terms'] as const) {
      assign(body, column, row.text(column), !creating && !['name', 'email'].includes(column));
    }
    for (const column of ['is_approved', 'is_preferred'] as const) assign(body, column, row.boolean(column), false);
    assign(body, 'lead_time_days', row.integer('lead_time_days'), !creating);
    assign(body, 'minimum_order_amount', row.number('minimum_order_amount'), !creating);
    if (ADDRESS_COLUMNS.some((column) => row.has(column))) {
      const address: Record<string, unknown> = { ...(currentAddress ?? {}) };
      for (const part of ADDRESS_PARTS) {
        const value = row.text(`address_${part}`);
        if (value !== undefined) address[part] = value;
      }
      const empty = Object.values(address).every((value) => value === null || value === undefined);
      assign(body, 'address', empty ? null : address, !creating);
    }
    row.assertReadable();
    return body;
  };

  return {
    inFileOrder: false,
    templateColumns: async () => SUPPLIER_COLUMNS,
    columnOf,
    headerProblems(header) {
      const known = new Set<string>(SUPPLIER_COLUMNS);
      return header
        .filter((column) => !known.has(column))
        .map((column) => `Unknown column "${column}" for a supplier import.`);
    },
    async importRow(cells, { trx, tenantId, mode }) {
      const row = new RowReader(cells);
      const code = row.text('code');
      if (!code) throw RowRefusedError.at('code', 'The code column is required: it names the supplier.');
      const current = await suppliers.byCode(tenantId, code, trx);
      if (!current) {
        if (mode === 'update') throw RowRefusedError.at('code', `No supplier has the code ${code}.`);
        await suppliers.create(tenantId, createBody({ code, ...read(row, true, null) }), trx);
        return 'created';
      }
      if (mode === 'create') throw RowRefusedError.at('code', `The code ${current.code} is taken by another supplier.`);
      const changes = updateBody(read(row, false, current.address as Record<string, unknown> | null));
      if (changesNothing(supplierResource(current), changes)) return 'unchanged';
      await suppliers.update(tenantId, current.id, changes);
      return 'updated';
    },
  };
}
