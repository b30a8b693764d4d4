// Sales order rows (docs/import.md, Sales orders): one row per order line, the rows of one order consecutive and
// sharing its channel and external_ref. The order's fields are read from its first row; each order is the body
// of one order create, so its rules, events and audit entries are the API's. An order whose reference is already
// taken was imported before: its rows are unchanged, so a file can be imported again after a failure.
import {
  AppError,
  ConflictError,
  ServiceUnavailableError,
  ValidationError,
  type FieldErrors,
} from '../../../core/errors.js';
import { bodyCheck } from '../../../core/validation.js';
import { uniqueViolation } from '../../../db/errors.js';
import { releaseSavepoint, rollbackToSavepoint, savepoint } from '../../../db/savepoints.js';
import type { CustomerService } from '../../crm/customers/customer.service.js';
import { OrderCreateBody } from '../../sales/orders/order.schemas.js';
import type { OrderService } from '../../sales/orders/order.service.js';
import type { References } from './references.js';
import {
  assign,
  problemsOf,
  RowReader,
  RowRefusedError,
  type RowContext,
  type RowImporter,
  type RowOutcome,
  type RowProblem,
} from './row-importer.js';

const ADDRESS_PARTS = ['street', 'city', 'state', 'postal_code', 'country'] as const;
const CUSTOMER_FIELDS = ['name', 'email', 'phone'] as const;

/** The order's columns, read from its first row. */
const ORDER_COLUMNS = [
  'channel',
  'external_ref',
  'customer_external_id',
  ...CUSTOMER_FIELDS.map((field) => `customer_${field}`),
  'currency',
  'requested_ship_date',
  'priority',
  'notes',
  'discount_amount',
  'shipping_amount',
  'tax_amount',
  ...ADDRESS_PARTS.map((part) => `ship_to_${part}`),
] as const;
/** A line's columns, one line per row. */
const LINE_COLUMNS = ['sku', 'quantity', 'unit_price', 'line_discount'] as const;

export const SALES_ORDER_COLUMNS = [...ORDER_COLUMNS, ...LINE_COLUMNS] as const;
/** What the export adds after the import's columns: read-only, so an import of an exported file ignores them. */
export const SALES_ORDER_EXPORT_COLUMNS = [
  'order_number',
  'status',
  'total_amount',
  'created_at',
  'line_quantity_shipped',
  'line_quantity_cancelled',
  'line_quantity_returned',
] as const;

/** The column of a line's field in the body. */
const LINE_FIELD_COLUMNS: Readonly<Record<string, string>> = {
  product_id: 'sku',
  quantity: 'quantity',
  unit_price: 'unit_price',
  discount_amount: 'line_discount',
};

type Cells = Readonly<Record<string, string>>;

/** The column of a field of the order body (`customer.name` is in `customer_name`); null for the order as a whole. */
function orderColumnOf(field: string): string | null {
  const [head, part] = field.split('.', 2);
  if (head === 'customer' && part) return part === 'external_id' ? 'customer_external_id' : `customer_${part}`;
  if (head === 'ship_to' && part) return `ship_to_${part}`;
  if (head === 'customer_id') return 'customer_external_id';
  return (ORDER_COLUMNS as readonly string[]).includes(head!) ? head! : null;
}

/** An order's rows in the file, grouped: its key, and the rows' cells in order. */
interface OrderRows {
  key: string;
  rows: Cells[];
}

function keyOf(cells: Cells): string | null {
  const ref = cells.external_ref?.trim();
  return ref ? `${cells.channel?.trim() ?? ''}\u0000${ref}` : null;
}

export function salesOrderImporter(deps: {
  orders: OrderService;
  customers: CustomerService;
  references: References;
}): RowImporter {
  const check = bodyCheck(OrderCreateBody);

  /** The order's body from its rows, or the problems of each row (indexed as `rows`). */
  async function bodyOf(group: OrderRows, context: RowContext): Promise<OrderCreateBody | RowProblem[][]> {
    const { trx, tenantId, memo } = context;
    const problems: RowProblem[][] = group.rows.map(() => []);
    const first = new RowReader(group.rows[0]!);
    const body: Record<string, unknown> = {};
    for (const column of ['channel', 'external_ref', 'currency', 'requested_ship_date', 'notes'] as const)
      assign(body, column, first.text(column), false);
    assign(body, 'priority', first.integer('priority'), false);
    for (const column of ['discount_amount', 'shipping_amount', 'tax_amount'] as const)
      assign(body, column, first.number(column), false);
    const shipTo = Object.fromEntries(ADDRESS_PARTS.map((part) => [part, first.text(`ship_to_${part}`) ?? null]));
    if (Object.values(shipTo).some((value) => value !== null)) body.ship_to = shipTo;
    const customerRef = first.text('customer_external_id');
    const customerId = customerRef ? (await deps.customers.byExternalId(tenantId, customerRef, trx))?.id : undefined;
    if (customerId) {
      body.customer_id = customerId;
    } else if (first.text('customer_name')) {
      const customer: Record<string, unknown> = {};
      for (const field of CUSTOMER_FIELDS) assign(customer, field, first.text(`customer_${field}`), false);
      assign(customer, 'external_id', customerRef, false);
      body.customer = customer;
    } else {
      first.refuse(
        customerRef ? 'customer_external_id' : 'customer_name',
        customerRef
          ? `No customer has the external id ${customerRef}; give customer_name to create one.`
          : 'Name the customer: customer_external_id of an existing customer, or customer_name for a new one.',
      );
    }
    problems[0]!.push(...first.problems);

    const lines: Array<Record<string, unknown>> = [];
    for (const [index, cells] of group.rows.entries()) {
      const row = new RowReader(cells);
      const line: Record<string, unknown> = {};
      const sku = row.text('sku');
      if (!sku) row.refuse('sku', 'The sku column is required: it names the product of the line.');
      else {
        try {
          line.product_id = await deps.references.product(trx, tenantId, sku, 'sku', memo);
        } catch (error) {
          if (!(error instanceof RowRefusedError)) throw error;
          problems[index]!.push(...error.problems);
        }
      }
      assign(line, 'quantity', row.integer('quantity'), false);
      assign(line, 'unit_price', row.number('unit_price'), false);
      assign(line, 'discount_amount', row.number('line_discount'), false);
      if (index > 0) {
        // The order's fields come from its first row; another value on a later row is a mistake, not a change.
        for (const column of ORDER_COLUMNS) {
          const value = row.text(column);
          if (value && value !== first.text(column))
            row.refuse(
              column,
              `The ${column} of an order is read from its first row, which says "${first.text(column) ?? ''}".`,
            );
        }
      }
      problems[index]!.push(...row.problems);
      lines.push(line);
    }
    body.lines = lines;

    // Checked against the API's schema only when every cell was read: a cell that was not would be named twice.
    if (problems.some((list) => list.length > 0)) return problems;
    const errors = check(body);
    if (!errors) return body as OrderCreateBody;
    addFieldProblems(problems, errors);
    return problems;
  }

  /** Imports one order in a savepoint: the outcome of its rows, or each row's problems. */
  async function importOrder(group: OrderRows, context: RowContext): Promise<Array<RowOutcome | RowProblem[]>> {
    const { trx, tenantId, userId, mode } = context;
    if (mode === 'update')
      return group.rows.map(() => [
        { column: null, message: 'Sales orders are created by an import, never updated: use mode create or upsert.' },
      ]);
    await savepoint(trx, 'sales_order');
    try {
      const body = await bodyOf(group, context);
      if (Array.isArray(body)) {
        await rollbackToSavepoint(trx, 'sales_order');
        return refusedTogether(body);
      }
      await deps.orders.create(tenantId, userId, body);
      return group.rows.map(() => 'created');
    } catch (error) {
      await rollbackToSavepoint(trx, 'sales_order');
      if (error instanceof ConflictError && error.code === 'duplicate_external_ref')
        return group.rows.map(() => 'unchanged');
      if (error instanceof ValidationError) {
        const problems: RowProblem[][] = group.rows.map(() => []);
        addFieldProblems(problems, error.errors);
        return refusedTogether(problems);
      }
      const message =
        error instanceof AppError && !(error instanceof ServiceUnavailableError)
          ? error.message
          : uniqueViolation(error) && 'Another order or customer took a key of this order meanwhile.';
      if (!message) throw error;
      return refusedTogether([[{ column: null, message }], ...group.rows.slice(1).map(() => [])]);
    } finally {
      await releaseSavepoint(trx, 'sales_order');
    }
  }

  return {
    // Orders are independent of each other: they may be imported by several batches at once.
    inFileOrder: false,
    templateColumns: async () => SALES_ORDER_COLUMNS,
    columnOf: (field) => lineColumnOf(field) ?? orderColumnOf(field),
    groupKey: keyOf,
    headerProblems(header) {
      const known = new Set<string>([...SALES_ORDER_COLUMNS, ...SALES_ORDER_EXPORT_COLUMNS]);
      const problems = header
        .filter((column) => !known.has(column))
        .map((column) => `Unknown column "${column}" for a sales order import.`);
      for (const required of ['external_ref', 'sku', 'quantity', 'unit_price'])
        if (!header.includes(required)) problems.push(`A sales order import needs a ${required} column.`);
      return problems;
    },
    async importMany(rows, context) {
      const outcomes: Array<RowOutcome | RowProblem[]> = [];
      for (const group of groupsOf(rows)) {
        if (group.key === '') {
          outcomes.push([
            { column: 'external_ref', message: "The external_ref column is required: it names the row's order." },
          ]);
          continue;
        }
        outcomes.push(...(await importOrder(group, context)));
      }
      return outcomes;
    },
    importRow() {
      // Reached only when a group of orders failed as a whole (importMany threw): an order's rows are imported
      // together or not at all, and a file imported again creates only the orders that are missing.
      throw RowRefusedError.at(null, 'This order could not be imported; import the file again to retry it.');
    },
  };
}

/** Consecutive rows with the same key, in order; a row without a reference is a group of its own, keyed ''. */
function groupsOf(rows: readonly Cells[]): OrderRows[] {
  const groups: OrderRows[] = [];
  for (const cells of rows) {
    const key = keyOf(cells) ?? '';
    const last = groups.at(-1);
    if (last && key !== '' && last.key === key) last.rows.push(cells);
    else groups.push({ key, rows: [cells] });
  }
  return groups;
}

/** The column of a line's field (`lines.2.quantity` is in `quantity`), or null when the field is not a line's. */
function lineColumnOf(field: string): string | null {
  const match = /^lines\.\d+\.(\w+)/.exec(field);
  return match ? (LINE_FIELD_COLUMNS[match[1]!] ?? null) : null;
}

/** Field errors of the order body, each on the row it is about: a line's on its row, the order's on the first. */
function addFieldProblems(problems: RowProblem[][], errors: FieldErrors): void {
  for (const [field, messages] of Object.entries(errors)) {
    const line = /^lines\.(\d+)/.exec(field);
    const index = line && Number(line[1]) < problems.length ? Number(line[1]) : 0;
    const column = lineColumnOf(field) ?? orderColumnOf(field);
    problems[index]!.push(...problemsOf({ [field]: messages }, () => column));
  }
}

/** An order is imported whole: rows without a problem of their own are refused with the order's others. */
function refusedTogether(problems: RowProblem[][]): RowProblem[][] {
  const refused = problems.flatMap((list, index) => (list.length > 0 ? [index + 1] : []));
  const note = `Not imported: the order's ${refused.length === 1 ? 'row' : 'rows'} ${refused.join(', ')} (counting from its first) ${refused.length === 1 ? 'was' : 'were'} refused.`;
  return problems.map((list) => (list.length > 0 ? list : [{ column: null, message: note }]));
}
