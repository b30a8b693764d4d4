// Stock level rows: a product (by SKU), a warehouse (by code; empty for the default warehouse) and the quantity
// counted there. Each row is a physical count, as the count endpoint records it: one `physical_count` movement of
// the variance, so the ledger explains every change. The mode does not apply: every row is a count.
import type { StockOperationsService } from '../../inventory/stock-operations/stock-operations.service.js';
import type { References } from './references.js';
import { RowReader, RowRefusedError, type RowImporter } from './row-importer.js';

export const STOCK_LEVEL_COLUMNS = ['sku', 'warehouse', 'counted_quantity'] as const;

export function stockLevelImporter(counts: StockOperationsService, references: References): RowImporter {
  return {
    inFileOrder: true,
    templateColumns: async () => STOCK_LEVEL_COLUMNS,
    columnOf: (field) => ({ product_id: 'sku', warehouse_id: 'warehouse' })[field] ?? field,
    headerProblems(header) {
      const known = new Set<string>(STOCK_LEVEL_COLUMNS);
      const problems = header
        .filter((column) => !known.has(column))
        .map((column) => `Unknown column "${column}" for a stock level import.`);
      for (const required of ['sku', 'counted_quantity'])
        if (!header.includes(required)) problems.push(`A stock level import needs a ${required} column.`);
      return problems;
    },
    async importRow(cells, { trx, tenantId, userId, memo }) {
      const row = new RowReader(cells);
      const sku = row.text('sku');
      const warehouseCode = row.text('warehouse');
      const counted = row.integer('counted_quantity');
      if (!sku) row.refuse('sku', 'The sku column is required: it names the product counted.');
      if (counted === null || counted === undefined)
        throw RowRefusedError.at('counted_quantity', 'The counted_quantity column is required: the quantity counted.');
      if (counted < 0 || counted > 2_000_000_000)
        row.refuse('counted_quantity', 'The counted quantity must be between 0 and 2000000000.');
      row.assertReadable();
      const productId = await references.product(trx, tenantId, sku!, 'sku', memo);
      const warehouseId = warehouseCode
        ? await references.warehouse(trx, tenantId, warehouseCode, 'warehouse', memo)
        : null;
      const result = await counts.physicalCount(
        tenantId,
        { product_id: productId, warehouse_id: warehouseId, counted_quantity: counted },
        userId,
      );
      return result.count.variance === 0 ? 'unchanged' : 'updated';
    },
  };
}
