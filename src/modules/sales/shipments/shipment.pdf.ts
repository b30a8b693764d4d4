// Renders a shipment's packing slip and the pick list of one shipment or several as A4 PDFs, on the layout the
// purchase order's PDF is drawn with.
import {
  columnsAround,
  drawBlock,
  drawFacts,
  drawIssuer,
  drawNotes,
  drawTable,
  drawTitle,
  humanStatus,
  openPdf,
  type Column,
  type Pdf,
} from '../../../lib/pdf-layout.js';
import { addressLines, formatDate, formatQuantity } from '../../purchasing/documents/purchase-order.document.js';
import type { DocumentHeading, DocumentLine, PackingSlipDocument, PickListDocument } from './shipment.document.js';

function drawHeading(
  doc: Pdf,
  heading: DocumentHeading,
  title: string,
  number: string,
  meta: ReadonlyArray<[string, string | null]>,
  left: number,
  width: number,
): number {
  const half = width / 2;
  const leftEnd = drawIssuer(doc, heading.company_name, addressLines(heading.company_address), left, half);
  return Math.max(leftEnd, drawTitle(doc, title, number, meta, left, width));
}

function warehouseLines(heading: DocumentHeading): [string, boolean][] {
  return [
    [heading.warehouse.name, true],
    [`Warehouse code: ${heading.warehouse.code}`, false],
    ...addressLines(heading.warehouse.address).map((line): [string, boolean] => [line, false]),
  ];
}

function lineRows(lines: readonly DocumentLine[], checkbox: boolean): string[][] {
  return lines.map((line, index) => [
    String(index + 1),
    line.product_sku,
    line.product_name,
    formatQuantity(line.quantity),
    ...(checkbox ? ['☐'] : []),
  ]);
}

function lineColumns(width: number, checkbox: boolean): Column[] {
  const fixed: Column[] = [
    { title: '#', width: 26, align: 'right' },
    { title: 'SKU', width: 110, align: 'left' },
    { title: 'Quantity', width: 60, align: 'right' },
    ...(checkbox ? [{ title: 'Picked', width: 50, align: 'right' as const }] : []),
  ];
  return columnsAround(fixed, { title: 'Product', align: 'left' }, 2, width);
}

/** The packing slip: issuer, shipment data, ship-from and ship-to blocks, carrier, the lines, notes. */
export async function renderPackingSlipPdf(slip: PackingSlipDocument): Promise<Buffer> {
  const { doc, left, width, bottom, finish } = await openPdf({
    Title: `Packing slip ${slip.shipment_number}`,
    Author: slip.company_name,
    Subject: `Packing slip ${slip.shipment_number} of order ${slip.order_number}`,
  });
  let y = drawHeading(
    doc,
    slip,
    'PACKING SLIP',
    slip.shipment_number,
    [
      ['Order', slip.order_number],
      ['Status', humanStatus(slip.status)],
      ['Created', formatDate(slip.created_at, slip.time_zone)],
      ['Shipped', formatDate(slip.shipped_at, slip.time_zone)],
    ],
    left,
    width,
  );
  const column = (width - 24) / 2;
  const shipTo: [string, boolean][] = [
    [slip.ship_to.name, true],
    ...addressLines(slip.ship_to.address).map((line): [string, boolean] => [line, false]),
  ];
  y = Math.max(
    drawBlock(doc, 'Ship from', warehouseLines(slip), left, y + 18, column),
    drawBlock(doc, 'Ship to', shipTo, left + column + 24, y + 18, column),
  );
  y = drawFacts(
    doc,
    [
      ['Carrier', slip.carrier || '—'],
      ['Service', slip.service || '—'],
      ['Tracking', slip.tracking_numbers.join(', ') || '—'],
    ],
    left,
    width,
    y + 14,
  );
  y = drawTable(doc, lineColumns(width, false), lineRows(slip.lines, false), {
    left,
    width,
    top: y + 16,
    bottom,
    empty: 'No lines.',
  });
  if (slip.notes?.trim()) drawNotes(doc, 'Notes', slip.notes.trim(), { left, width, top: y + 18, bottom });
  return finish((page, pages) => `${slip.shipment_number} · page ${page} of ${pages}`);
}

/** The pick list: the warehouse, the shipments it gathers, and one row per product by SKU with a box to tick. */
export async function renderPickListPdf(list: PickListDocument): Promise<Buffer> {
  const { doc, left, width, bottom, finish } = await openPdf({
    Title: `Pick list ${list.reference}`,
    Author: list.company_name,
    Subject: `Pick list ${list.reference} for warehouse ${list.warehouse.code}`,
  });
  let y = drawHeading(
    doc,
    list,
    'PICK LIST',
    list.reference,
    [
      ['Warehouse', list.warehouse.code],
      ['Shipments', String(list.shipments.length)],
    ],
    left,
    width,
  );
  const column = (width - 24) / 2;
  const gathered: [string, boolean][] = list.shipments.map((s): [string, boolean] => [
    `${s.shipment_number} (order ${s.order_number})`,
    false,
  ]);
  y = Math.max(
    drawBlock(doc, 'Pick from', warehouseLines(list), left, y + 18, column),
    drawBlock(doc, 'Shipments', gathered, left + column + 24, y + 18, column),
  );
  drawTable(doc, lineColumns(width, true), lineRows(list.lines, true), {
    left,
    width,
    top: y + 16,
    bottom,
    empty: 'Nothing to pick.',
  });
  return finish((page, pages) => `Pick list ${list.reference} · page ${page} of ${pages}`);
}
