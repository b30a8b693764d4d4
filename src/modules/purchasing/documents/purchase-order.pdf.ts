// Renders a purchase order as an A4 PDF (pdfkit) with an embedded DejaVu Sans font.
import { readFile } from 'node:fs/promises';
import {
  addressLines,
  formatAmount,
  formatDate,
  formatMoney,
  formatQuantity,
  type PurchaseOrderDocument,
} from './purchase-order.document.js';

type Pdf = PDFKit.PDFDocument;

const REGULAR = 'DejaVuSans';
const BOLD = 'DejaVuSans-Bold';
const MARGIN = 50;
/** Room kept free at the foot of every page for the page number. */
const FOOTER = 20;
const MUTED = '#555555';
const RULE = '#cccccc';
const HEADER_FILL = '#eeeeee';
const CELL_PADDING = 3;

interface Fonts {
  regular: Buffer;
  bold: Buffer;
}

let fontsLoading: Promise<Fonts> | null = null;

// The standard PDF fonts only encode WinAnsi; an embedded TrueType font prints any character it has a
// glyph for (Latin, Greek, Cyrillic, …; not CJK). Read once per process, embedded as a subset per document.
// The two faces ship in assets/fonts at the repository's root, four levels up from this module in src/ and in
// dist/ alike.
function loadFonts(): Promise<Fonts> {
  if (!fontsLoading) {
    const file = (name: string) => readFile(new URL(`../../../../assets/fonts/${name}.ttf`, import.meta.url));
    fontsLoading = Promise.all([file('DejaVuSans'), file('DejaVuSans-Bold')]).then(([regular, bold]) => ({
      regular,
      bold,
    }));
    fontsLoading.catch(() => {
      fontsLoading = null;
    });
  }
  return fontsLoading;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

function humanStatus(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function collect(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * Renders the order as an A4 PDF: issuer and order data, supplier and ship-to blocks, terms, a line table
 * that continues on further pages (with its header repeated), totals, notes and "page x of y" footers.
 * Characters without a glyph in DejaVu Sans (CJK among them) print as empty boxes; they never fail the render.
 */
export async function renderPurchaseOrderPdf(order: PurchaseOrderDocument): Promise<Buffer> {
  // Loaded on the first render, not at start: pdfkit weighs some 25 MB of memory that most servers never need.
  const { default: PDFDocument } = await import('pdfkit');
  const fonts = await loadFonts();
  const doc: Pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER },
    bufferPages: true,
    info: {
      Title: `Purchase order ${order.po_number}`,
      Author: order.company_name,
      Subject: `Purchase order ${order.po_number} to ${order.supplier.name}`,
    },
  });
  const done = collect(doc);
  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  let y = drawHeading(doc, order, left, width);
  y = drawParties(doc, order, left, width, y + 18);
  y = drawTerms(doc, order, left, width, y + 14);
  y = drawLines(doc, order, left, width, y + 16, bottom);
  y = drawTotals(doc, order, left, width, y + 10, bottom);
  y = drawNotes(doc, order, left, width, y + 18, bottom);
  drawCompanyFooter(doc, order, left, width, y + 18, bottom);
  drawFooters(doc, order, left, width);

  doc.end();
  return done;
}

function drawHeading(doc: Pdf, order: PurchaseOrderDocument, left: number, width: number): number {
  const half = width / 2;
  doc
    .fillColor('black')
    .font(BOLD)
    .fontSize(16)
    .text(order.company_name, left, MARGIN, { width: half - 10 });
  const companyLines = addressLines(order.company_address);
  if (order.company_tax_id) companyLines.push(`Tax ID: ${order.company_tax_id}`);
  if (companyLines.length > 0) {
    doc.moveDown(0.2);
    doc.font(REGULAR).fontSize(9).fillColor(MUTED);
    for (const line of companyLines) doc.text(line, left, doc.y, { width: half - 10 });
    doc.fillColor('black');
  }
  const leftEnd = doc.y;

  doc
    .font(BOLD)
    .fontSize(16)
    .text('PURCHASE ORDER', left + half, MARGIN, { width: half, align: 'right' });
  doc.font(BOLD).fontSize(12).text(order.po_number, { width: half, align: 'right' });
  doc.moveDown(0.3);
  const meta: [string, string | null][] = [
    ['Status', humanStatus(order.status)],
    ['Order date', formatDate(order.order_date, order.time_zone)],
    ['Approved', formatDate(order.approved_at, order.time_zone)],
    ['Expected delivery', formatDate(order.expected_delivery_date, order.time_zone)],
  ];
  const labelWidth = 110;
  const valueWidth = 90;
  const valueX = left + width - valueWidth;
  let y = doc.y;
  doc.font(REGULAR).fontSize(9);
  for (const [label, value] of meta) {
    if (!value) continue;
    doc.fillColor(MUTED).text(label, valueX - labelWidth, y, { width: labelWidth - 8, align: 'right' });
    doc.fillColor('black').text(value, valueX, y, { width: valueWidth, align: 'right' });
    y = doc.y + 1;
  }
  doc.y = y;
  return Math.max(leftEnd, doc.y);
}

function drawBlock(doc: Pdf, title: string, lines: [string, boolean][], x: number, y: number, width: number): number {
  doc.font(BOLD).fontSize(8).fillColor(MUTED).text(title.toUpperCase(), x, y, { width, characterSpacing: 0.5 });
  doc
    .moveTo(x, doc.y + 1)
    .lineTo(x + width, doc.y + 1)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.moveDown(0.4);
  for (const [text, bold] of lines) {
    doc
      .font(bold ? BOLD : REGULAR)
      .fontSize(bold ? 11 : 9.5)
      .fillColor('black')
      .text(text, x, doc.y, { width });
  }
  return doc.y;
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
  const terms: [string, string][] = [
    ['Payment terms', order.payment_terms || '—'],
    ['Shipping method', order.shipping_method || '—'],
    ['Currency', order.currency],
  ];
  const column = width / terms.length;
  let end = y;
  terms.forEach(([label, value], index) => {
    const x = left + index * column;
    doc
      .font(BOLD)
      .fontSize(8)
      .fillColor(MUTED)
      .text(label.toUpperCase(), x, y, { width: column - 10, characterSpacing: 0.5 });
    doc
      .font(REGULAR)
      .fontSize(9.5)
      .fillColor('black')
      .text(value, x, doc.y + 2, { width: column - 10 });
    end = Math.max(end, doc.y);
  });
  return end;
}

function lineColumns(order: PurchaseOrderDocument, width: number): Column[] {
  const fixed = [
    { title: '#', width: 26, align: 'right' as const },
    { title: 'SKU', width: 96, align: 'left' as const },
    { title: 'Quantity', width: 54, align: 'right' as const },
    { title: `Unit price (${order.currency})`, width: 74, align: 'right' as const },
    { title: `Line total (${order.currency})`, width: 86, align: 'right' as const },
  ];
  const productWidth = width - fixed.reduce((sum, column) => sum + column.width, 0);
  const [number, sku, ...amounts] = fixed;
  return [number!, sku!, { title: 'Product', width: productWidth, align: 'left' }, ...amounts];
}

function measureRow(doc: Pdf, columns: Column[], cells: string[], bold: boolean): number {
  doc.font(bold ? BOLD : REGULAR).fontSize(bold ? 8.5 : 9);
  const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 2 * CELL_PADDING }));
  return Math.max(...heights) + 2 * CELL_PADDING;
}

function drawRow(doc: Pdf, columns: Column[], cells: string[], left: number, y: number, bold: boolean): void {
  doc.font(bold ? BOLD : REGULAR).fontSize(bold ? 8.5 : 9);
  let x = left;
  cells.forEach((cell, i) => {
    const column = columns[i]!;
    doc.fillColor('black').text(cell, x + CELL_PADDING, y + CELL_PADDING, {
      width: column.width - 2 * CELL_PADDING,
      align: column.align,
    });
    x += column.width;
  });
}

function drawTableHeader(doc: Pdf, columns: Column[], left: number, width: number, y: number): number {
  const titles = columns.map((column) => column.title);
  const height = measureRow(doc, columns, titles, true);
  doc.rect(left, y, width, height).fillColor(HEADER_FILL).fill();
  drawRow(doc, columns, titles, left, y, true);
  return y + height;
}

function drawLines(
  doc: Pdf,
  order: PurchaseOrderDocument,
  left: number,
  width: number,
  top: number,
  bottom: () => number,
): number {
  const columns = lineColumns(order, width);
  let y = drawTableHeader(doc, columns, left, width, top);
  order.lines.forEach((line, index) => {
    const cells = [
      String(index + 1),
      line.product_sku,
      line.product_name,
      formatQuantity(line.quantity_ordered),
      formatAmount(line.unit_price, order.currency),
      formatAmount(line.line_total, order.currency),
    ];
    const height = measureRow(doc, columns, cells, false);
    if (y + height > bottom()) {
      doc.addPage();
      y = drawTableHeader(doc, columns, left, width, doc.page.margins.top);
    }
    drawRow(doc, columns, cells, left, y, false);
    y += height;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  });
  if (order.lines.length === 0) {
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor(MUTED)
      .text('No lines.', left + CELL_PADDING, y + CELL_PADDING, { width });
    y = doc.y + CELL_PADDING;
  }
  return y;
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
  let y = top;
  if (y + 40 > bottom()) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  doc.font(BOLD).fontSize(8).fillColor(MUTED).text('NOTES', left, y, { width, characterSpacing: 0.5 });
  // Long notes flow onto further pages by themselves (pdfkit breaks at the bottom margin).
  doc
    .font(REGULAR)
    .fontSize(9.5)
    .fillColor('black')
    .text(order.notes.trim(), left, doc.y + 2, { width });
  return doc.y;
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

function drawFooters(doc: Pdf, order: PurchaseOrderDocument, left: number, width: number): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would make pdfkit open a new page; lift the margin while writing.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${order.po_number} · page ${i - range.start + 1} of ${range.count}`, left, doc.page.height - MARGIN, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
}
