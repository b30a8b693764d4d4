// The reads of stock reservations; the ledger (stock-ledger.ts) opens and releases them with the reserved stock.
import { NotFoundError } from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Executor } from '../../../db/transaction.js';
import { reservationResource, type ReservationResource } from './reservation.presenter.js';
import type { ReservationListFilters, ReservationRepository } from './reservation.repository.js';

export interface ReservationServiceDeps {
  db: Executor;
  reservations: ReservationRepository;
}

export class ReservationService {
  private readonly db: Executor;
  private readonly reservations: ReservationRepository;

  constructor(deps: ReservationServiceDeps) {
    this.db = deps.db;
    this.reservations = deps.reservations;
  }

  async list(tenantId: string, filters: ReservationListFilters, page: PageRequest): Promise<Page<ReservationResource>> {
    const result = await this.reservations.list(this.db, tenantId, filters, page);
    return { ...result, items: result.items.map(reservationResource) };
  }

  /** @throws NotFoundError('Reservation') also for another tenant's reservation. */
  async get(tenantId: string, id: string): Promise<ReservationResource> {
    const row = await this.reservations.findById(this.db, tenantId, id);
    if (!row) throw new NotFoundError('Reservation');
    return reservationResource(row);
  }
}
