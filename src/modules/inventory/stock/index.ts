// Wires the stock ledger: inventory records, movements and product totals.
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { WarehouseService } from '../warehouses/warehouse.service.js';
import { StockRepository } from './stock.repository.js';
import { StockService } from './stock.service.js';

export function createStock(deps: { warehouses: WarehouseService; events: EventRecorder; clock: Clock; newId: IdGenerator }) {
  return new StockService(new StockRepository(), deps.warehouses, deps.events, deps.clock, deps.newId);
}

export { StockService, type OnHandChange } from './stock.service.js';
export type { InventoryRecord, StockMovement, StockRecordWithWarehouse } from './stock.repository.js';
