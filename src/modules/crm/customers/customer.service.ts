// Customers: external ids unique per tenant among live customers; addresses whose country is an ISO code; an
// update that changes nothing writes and records nothing; soft delete refused while open sales orders reference
// the customer (docs/decisions/sales.md, Customers).
import { ConflictError, NotFoundError, ValidationError, type FieldErrors } from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { withUpdatedSinceBound } from '../../../core/updated-since.js';
import { writeUnique } from '../../../db/errors.js';
import { checkPrecondition } from '../../../db/precondition.js';
import { lockRecord } from '../../../db/record-lock.js';
import type { DB } from '../../../db/schema.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import type { Transaction } from 'kysely';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { auditTrail, type AuditTrail } from '../../audit/audit-trail.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import { customerAddressErrors, storedAddress } from './customer-address.js';
import { changedCustomerFields, deletedCustomerPayload } from './customer.events.js';
import { noOpenOrders, type OpenOrderCount } from './customer.open-orders.js';
import type { Customer, CustomerFilters, CustomerRepository, CustomerUpdate } from './customer.repository.js';
import type { CustomerCreateBody, CustomerResponse, CustomerUpdateBody } from './customer.schemas.js';

export function customerResource(c: Customer): CustomerResponse {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    company: c.company,
    external_id: c.external_id,
    billing_address: storedAddress(c.billing_address),
    shipping_address: storedAddress(c.shipping_address),
    notes: c.notes,
    is_active: c.is_active,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

/** The unique indexes a write can lose, by field, and what the answer says. */
const UNIQUE_INDEXES = { external_id: 'customers_tenant_external_id_unique' };
const TAKEN = { external_id: 'The external id has already been taken.' };

const hasOpenOrders = (n: number) =>
  `The customer cannot be deleted while ${n} open sales order${n === 1 ? ' references' : 's reference'} it.`;

type CustomerInput = CustomerCreateBody | CustomerUpdateBody;

/** The columns `input` sets, normalised. @throws ValidationError naming every bad field at once. */
function columnsOf(input: CustomerInput): CustomerUpdate {
  const errors: FieldErrors = {
    ...customerAddressErrors('billing_address', input.billing_address),
    ...customerAddressErrors('shipping_address', input.shipping_address),
  };
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const columns: CustomerUpdate = {};
  if (input.name !== undefined) columns.name = input.name.trim();
  if (input.email !== undefined) columns.email = input.email;
  if (input.phone !== undefined) columns.phone = input.phone;
  if (input.company !== undefined) columns.company = input.company;
  if (input.external_id !== undefined) columns.external_id = input.external_id;
  if (input.billing_address !== undefined) columns.billing_address = storedAddress(input.billing_address);
  if (input.shipping_address !== undefined) columns.shipping_address = storedAddress(input.shipping_address);
  if (input.notes !== undefined) columns.notes = input.notes;
  if (input.is_active !== undefined) columns.is_active = input.is_active;
  return columns;
}

export interface CustomerServiceDeps {
  db: Executor;
  customers: CustomerRepository;
  events: EventRecorder;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
  /**
   * The open sales orders of a customer, which refuse its deletion; given by the sales orders module. Without
   * one, no customer has open orders.
   */
  openOrders?: OpenOrderCount;
}

export class CustomerService {
  private readonly db: Executor;
  private readonly customers: CustomerRepository;
  private readonly events: EventRecorder;
  /** The audit entry of a change to one customer, as the API presents it. */
  private readonly audited: AuditTrail<Customer>;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;
  private readonly openOrders: OpenOrderCount;

  constructor(deps: CustomerServiceDeps) {
    this.db = deps.db;
    this.customers = deps.customers;
    this.events = deps.events;
    this.audited = auditTrail(deps.audit, 'customer', customerResource);
    this.clock = deps.clock;
    this.newId = deps.newId;
    this.openOrders = deps.openOrders ?? noOpenOrders;
  }

  list(tenantId: string, filters: CustomerFilters, page: PageRequest): Promise<Page<Customer>> {
    return this.customers.list(this.db, tenantId, withUpdatedSinceBound(filters), page);
  }

  /** @throws NotFoundError('Customer'), also for another tenant's or a deleted customer. */
  async get(tenantId: string, id: string, db: Executor = this.db): Promise<Customer> {
    const customer = await this.customers.findById(db, tenantId, id);
    if (!customer) throw new NotFoundError('Customer');
    return customer;
  }

  /** The customers with these ids, deleted ones too (an order keeps naming its customer). */
  byIds(tenantId: string, ids: readonly string[], db: Executor = this.db): Promise<Customer[]> {
    return this.customers.findByIds(db, tenantId, ids);
  }

  /** The live customer with this external id (exact, case-sensitive), for orders imported from another system. */
  byExternalId(tenantId: string, externalId: string, db: Executor = this.db): Promise<Customer | undefined> {
    return this.customers.findByExternalId(db, tenantId, externalId);
  }

  /**
   * Creates a customer (active unless said otherwise) and records customer.created, in `db`'s transaction when
   * it is one (an order that creates its customer).
   * @throws ValidationError naming each bad field; on `external_id` when a live customer has it.
   */
  async create(tenantId: string, input: CustomerCreateBody, db: Executor = this.db): Promise<Customer> {
    const columns = columnsOf(input);
    return inTransaction(db, async (trx) => {
      const now = this.clock.now().toISOString();
      const created = await writeUnique(
        UNIQUE_INDEXES,
        () =>
          this.customers.insert(trx, {
            id: this.newId(),
            tenant_id: tenantId,
            name: input.name.trim(),
            email: columns.email ?? null,
            phone: columns.phone ?? null,
            company: columns.company ?? null,
            external_id: columns.external_id ?? null,
            billing_address: columns.billing_address ?? null,
            shipping_address: columns.shipping_address ?? null,
            notes: columns.notes ?? null,
            is_active: columns.is_active ?? true,
            created_at: now,
            updated_at: now,
            deleted_at: null,
          }),
        TAKEN,
      );
      await this.events.record(trx, tenantId, {
        type: 'customer.created',
        entityId: created.id,
        payload: customerResource(created),
      });
      await this.audited(trx, 'customer.created', null, created);
      return created;
    });
  }

  /**
   * Partial update of the fields sent. One that changes no value (the resource sent back as read) writes and
   * records nothing; otherwise customer.updated names the changed fields.
   * @throws NotFoundError('Customer'); ValidationError naming each bad field, on `external_id` when taken;
   * PreconditionFailedError.
   */
  async update(
    tenantId: string,
    id: string,
    input: CustomerUpdateBody,
    precondition?: Precondition,
  ): Promise<Customer> {
    const columns = columnsOf(input);
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.get(tenantId, id, trx);
      const before = customerResource(current);
      if (changedCustomerFields(before, customerResource({ ...current, ...columns })).length === 0) return current;
      const updated = await writeUnique(
        UNIQUE_INDEXES,
        () => this.customers.update(trx, tenantId, id, { ...columns, updated_at: this.clock.now().toISOString() }),
        TAKEN,
      );
      if (!updated) throw new NotFoundError('Customer');
      const after = customerResource(updated);
      await this.events.record(trx, tenantId, {
        type: 'customer.updated',
        entityId: id,
        payload: { ...after, changed_fields: changedCustomerFields(before, after) },
      });
      await this.audited(trx, 'customer.updated', current, updated);
      return updated;
    });
  }

  /**
   * Soft delete: the customer leaves every read and its external id becomes free. Refused while open sales
   * orders reference it, counted with the customer's row locked.
   * @throws NotFoundError('Customer'); ConflictError (409) while it has open orders; PreconditionFailedError.
   */
  async remove(tenantId: string, id: string, precondition?: Precondition): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      await lockRecord(trx, 'customers', tenantId, id);
      const customer = await this.get(tenantId, id, trx);
      const open = await this.openOrders(trx, tenantId, id);
      if (open > 0) throw new ConflictError('customer_has_open_orders', hasOpenOrders(open));
      const now = this.clock.now().toISOString();
      await this.customers.softDelete(trx, tenantId, id, now);
      await this.events.record(trx, tenantId, {
        type: 'customer.deleted',
        entityId: id,
        payload: deletedCustomerPayload(customer, now),
      });
      await this.audited(trx, 'customer.deleted', customer, null);
    });
  }

  /** If-Match against the customer as GET answers it. @throws PreconditionFailedError; NotFoundError('Customer'). */
  private checkPrecondition(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    precondition: Precondition | undefined,
  ): Promise<void> {
    return checkPrecondition(trx, precondition, { table: 'customers', tenantId, id }, async () =>
      customerResource(await this.get(tenantId, id, trx)),
    );
  }
}
