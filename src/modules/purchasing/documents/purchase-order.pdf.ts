// Renders a purchase order as an A4 PDF (pdfkit) with an embedded DejaVu Sans font, on the shared layout.
import {
  BOLD,
  CELL_PADDING,
  columnsAround,
  drawBlock,
  drawFacts,
  drawIssuer,
  drawNotes as drawTitledText,
  drawTable,
  drawTitle,
  humanStatus,
  MUTED,
  openPdf,
  REGULAR,
  RULE,
  type Column,
  type Pdf,
} from '../../../lib/pdf-layout.js';
import {
  addressLines,
  formatAmount,
  formatDate,
  formatMoney,
  formatQuantity,
  type PurchaseOrderDocument,
} from './purchase-order.document.js';

/**
 * Renders the order as an A4 PDF: issuer and order data, supplier and ship-to blocks, terms, a line table
 * that continues on further pages (with its header repeated), totals, notes and "page x of y" footers.
 * Characters without a glyph in DejaVu Sans (CJK among them) print as empty boxes; they never fail the render.
 */
export async function renderPurchaseOrderPdf(order: PurchaseOrderDocument): Promise<Buffer> {
  const { doc, left, width, bottom, finish } = await openPdf({
    Title: `Purchase order ${order.po_number}`,
    Author: order.company_name,
    Subject: `Purchase order ${order.po_number} to ${order.supplier.name}`,
  });

  let y = drawHeading(doc, order, left, width);
  y = drawParties(doc, order, left, width, y + 18);
  y = drawTerms(doc, order, left, width, y + 14);
  y = drawLines(doc, order, left, width, y + 16, bottom);
  y = drawTotals(doc, order, left, width, y + 10, bottom);
  y = drawNotes(doc, order, left, width, y + 18, bottom);
  drawCompanyFooter(doc, order, left, width, y + 18, bottom);
  return finish((page, pages) => `${order.po_number} · page ${page} of ${pages}`);
}

function drawHeading(doc: Pdf, order: PurchaseOrderDocument, left: number, width: number): number {
  const half = width / 2;
  const companyLines = addressLines(order.company_address);
  if (order.company_tax_id) companyLines.push(`Tax ID: ${order.company_tax_id}`);
  const leftEnd = drawIssuer(doc, order.company_name, companyLines, left, half);
  const rightEnd = drawTitle(
    doc,
    'PURCHASE ORDER',
    order.po_number,
    [
      ['Status', humanStatus(order.status)],
      ['Order date', formatDate(order.order_date, order.time_zone)],
      ['Approved', formatDate(order.approved_at, order.time_zone)],
      ['Expected delivery', formatDate(order.expected_delivery_date, order.time_zone)],
    ],
    left,
    width,
  );
  return Math.max(leftEnd, rightEnd);
}

function drawParties(doc: Pdf, order: PurchaseOrderDocument, left: number, width: number, y: number): number {
  const column = (width - 24) / 2;
  const { supplier, warehouse } = order;
  const supplierLines: [string, boolean][] = [
    [supplier.name, true],
    ...(supplier.code ? [[`Supplier code: ${supplier.code}`, false] as [string, boolean]] : []),
    ...addressLines(supplier.address).map((line): [string, boolean] => [line, false]),
    [supplier.email, false],
  ];
  const shipLines: [string, boolean][] = [
    [warehouse.name, true],
    ...(warehouse.code ? [[`Warehouse code: ${warehouse.code}`, false] as [string, boolean]] : []),
    ...addressLines(warehouse.address).map((line): [string, boolean] => [line, false]),
  ];
  const supplierEnd = drawBlock(doc, 'Supplier', supplierLines, left, y, column);
  const shipEnd = drawBlock(doc, 'Ship to', shipLines, left + column + 24, y, column);
  return Math.max(supplierEnd, shipEnd);
}

function drawTerms(doc: Pdf, order: PurchaseOrderDocument, left: number, width: number, y: number): number {
  return drawFacts(
    doc,
    [
      ['Payment terms', order.payment_terms || '—'],
      ['Shipping method', order.shipping_method || '—'],
      ['Currency', order.currency],
    ],
    left,
    width,
    y,
  );
}

function lineColumns(order: PurchaseOrderDocument, width: number): Column[] {
  const fixed: Column[] = [
    { title: '#', width: 26, align: 'right' },
    { title: 'SKU', width: 96, align: 'left' },
    { title: 'Quantity', width: 54, align: 'right' },
    { title: `Unit price (${order.currency})`, width: 74, align: 'right' },
    { title: `Line total (${order.currency})`, width: 86, align: 'right' },
  ];
  return columnsAround(fixed, { title: 'Product', align: 'left' }, 2, width);
}

function drawLines(
  doc: Pdf,
  order: PurchaseOrderDocument,
  left: number,
  width: number,
  top: number,
  bottom: () => number,
): number {
  const rows = order.lines.map((line, index) => [
    String(index + 1),
    line.product_sku,
    line.product_name,
    formatQuantity(line.quantity_ordered),
    formatAmount(line.unit_price, order.currency),
    formatAmount(line.line_total, order.currency),
  ]);
  return drawTable(doc, lineColumns(order, width), rows, { left, width, top, bottom, empty: 'No lines.' });
}

function drawTotals(
  doc: Pdf,
  order: PurchaseOrderDocument,
  left: number,
  width: number,
  top: number,
  bottom: () => number,
): number {
  const rows: [string, string][] = [
    ['Subtotal', formatAmount(order.subtotal, order.currency)],
    ['Tax', formatAmount(order.tax_amount, order.currency)],
    ['Shipping', formatAmount(order.shipping_cost, order.currency)],
  ];
  if (order.discount_amount) rows.push(['Discount', `-${formatAmount(order.discount_amount, order.currency)}`]);
  const rowHeight = 15;
  const needed = (rows.length + 1) * rowHeight + 10;
  let y = top;
  if (y + needed > bottom()) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  const labelWidth = 120;
  const valueWidth = 110;
  const valueX = left + width - valueWidth;
  const labelX = valueX - labelWidth;
  doc.font(REGULAR).fontSize(9.5);
  for (const [label, value] of rows) {
    doc.fillColor(MUTED).text(label, labelX, y, { width: labelWidth - 6, align: 'right' });
    doc.fillColor('black').text(value, valueX, y, { width: valueWidth - CELL_PADDING, align: 'right' });
    y += rowHeight;
  }
  doc
    .moveTo(labelX, y)
    .lineTo(left + width, y)
    .lineWidth(0.8)
    .strokeColor('black')
    .stroke();
  y += 5;
  doc.font(BOLD).fontSize(11).fillColor('black');
  doc.text('Total', labelX, y, { width: labelWidth - 6, align: 'right' });
  doc.text(formatMoney(order.total_amount, order.currency), valueX - 40, y, {
    width: valueWidth + 40 - CELL_PADDING,
    align: 'right',
  });
  return doc.y;
}

function drawNotes(
  doc: Pdf,
  order: PurchaseOrderDocument,
  left: number,
  width: number,
  top: number,
  bottom: () => number,
): number {
  if (!order.notes?.trim()) return top - 18;
  return drawTitledText(doc, 'Notes', order.notes.trim(), { left, width, top, bottom });
}

/** The tenant's purchase-order footer, after everything else, above a rule; flows onto a new page when long. */
function drawCompanyFooter(
  doc: Pdf,
  order: PurchaseOrderDocument,
  left: number,
  width: number,
  top: number,
  bottom: () => number,
): void {
  const footer = order.footer?.trim();
  if (!footer) return;
  let y = top;
  if (y + 30 > bottom()) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc
    .font(REGULAR)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(footer, left, y + 6, { width });
}
