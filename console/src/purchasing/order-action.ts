// What every order action is given: the order, and a way to open its dialog (one at a time, under the buttons,
// given the order as it is at each render, so that a dialog left open sees the order read again).
import type { ReactNode } from 'react';
import type { PurchaseOrder } from './api';

export interface OrderActionProps {
  order: PurchaseOrder;
  /** Shows the dialog `render` draws until it calls the close function it is given. */
  openDialog: (render: (order: PurchaseOrder, close: () => void) => ReactNode) => void;
}

/** The order's path parameters, as every action's request takes them. */
export const orderPath = (order: PurchaseOrder) => ({ params: { path: { id: order.id } } });
