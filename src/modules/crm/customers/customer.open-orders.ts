// Whether a customer may be deleted depends on the sales orders that reference it, which live in a module built
// after this one. The customers service is therefore given a count of a customer's open orders at construction,
// as suppliers are given their order statistics (catalog/suppliers/supplier.performance.ts). Until sales orders
// exist nothing hands one over: `noOpenOrders` answers 0 and every customer may be deleted.
import type { Executor } from '../../../db/transaction.js';

/**
 * The number of the customer's orders still open (neither completed nor cancelled), read through `db`: the
 * delete's transaction, in which the customer's row is already locked.
 */
export type OpenOrderCount = (db: Executor, tenantId: string, customerId: string) => Promise<number>;

/** The count used while no module records sales orders. */
export const noOpenOrders: OpenOrderCount = async () => 0;
