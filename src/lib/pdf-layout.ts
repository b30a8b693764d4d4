// The drawing every printed document shares (pdfkit, A4, an embedded DejaVu Sans): the page, the fonts, titled
// blocks, tables that continue on further pages with their header repeated, and "page x of y" footers. The
// documents (a purchase order, a packing slip, a pick list) lay their own content out with these.
import { readFile } from 'node:fs/promises';

export type Pdf = PDFKit.PDFDocument;

export const REGULAR = 'DejaVuSans';
export const BOLD = 'DejaVuSans-Bold';
export const MARGIN = 50;
/** Room kept free at the foot of every page for the page number. */
const FOOTER = 20;
export const MUTED = '#555555';
export const RULE = '#cccccc';
const HEADER_FILL = '#eeeeee';
export const CELL_PADDING = 3;

interface Fonts {
  regular: Buffer;
  bold: Buffer;
}

let fontsLoading: Promise<Fonts> | null = null;

// The standard PDF fonts only encode WinAnsi; an embedded TrueType font prints any character it has a
// glyph for (Latin, Greek, Cyrillic, …; not CJK). Read once per process, embedded as a subset per document.
// The two faces ship in assets/fonts at the repository's root, two levels up from this file in src/ and in
// dist/ alike.
function loadFonts(): Promise<Fonts> {
  if (!fontsLoading) {
    const file = (name: string) => readFile(new URL(`../../assets/fonts/${name}.ttf`, import.meta.url));
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

/** An open A4 document: draw on `doc`, then `finish()` for its bytes. */
export interface PdfPage {
  doc: Pdf;
  /** The left edge and width of the text area. */
  left: number;
  width: number;
  /** Where content must stop on the current page. */
  bottom: () => number;
  /** Writes `footer(page, pages)` at the foot of every page, ends the document and answers its bytes. */
  finish: (footer: (page: number, pages: number) => string) => Promise<Buffer>;
}

/** Opens an A4 document with the fonts registered and pages buffered (for the footers). */
export async function openPdf(info: { Title: string; Author: string; Subject: string }): Promise<PdfPage> {
  // Loaded on the first render, not at start: pdfkit weighs some 25 MB of memory that most servers never need.
  const { default: PDFDocument } = await import('pdfkit');
  const fonts = await loadFonts();
  const doc: Pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER },
    bufferPages: true,
    info,
  });
  const done = collect(doc);
  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  return {
    doc,
    left,
    width,
    bottom: () => doc.page.height - doc.page.margins.bottom,
    finish: (footer) => {
      drawFooters(doc, left, width, footer);
      doc.end();
      return done;
    },
  };
}

/** An open document of pages of `size` (points) without margins, for layouts of their own (labels): no page yet. */
export async function openBlankPdf(
  size: [number, number],
  info: { Title: string; Author: string; Subject: string },
): Promise<{ doc: Pdf; addPage: () => void; finish: () => Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit');
  const fonts = await loadFonts();
  const doc: Pdf = new PDFDocument({ size, margin: 0, autoFirstPage: false, info });
  const done = collect(doc);
  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
  return {
    doc,
    addPage: () => void doc.addPage({ size, margin: 0 }),
    finish: () => {
      doc.end();
      return done;
    },
  };
}

function collect(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** `partially_shipped` -> `Partially shipped`. */
export function humanStatus(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The right-aligned title, number and labelled values of a document's heading, from `top`; values that are null
 * are left out. Answers where it ends.
 */
export function drawTitle(
  doc: Pdf,
  title: string,
  number: string,
  meta: ReadonlyArray<[string, string | null]>,
  left: number,
  width: number,
): number {
  const half = width / 2;
  doc
    .font(BOLD)
    .fontSize(16)
    .fillColor('black')
    .text(title, left + half, MARGIN, { width: half, align: 'right' });
  doc.font(BOLD).fontSize(12).text(number, { width: half, align: 'right' });
  doc.moveDown(0.3);
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
  return doc.y;
}

/** The issuer's name in large type at the top left, with its lines (address, tax id) under it. Answers where it ends. */
export function drawIssuer(doc: Pdf, name: string, lines: readonly string[], left: number, width: number): number {
  doc
    .fillColor('black')
    .font(BOLD)
    .fontSize(16)
    .text(name, left, MARGIN, { width: width - 10 });
  if (lines.length > 0) {
    doc.moveDown(0.2);
    doc.font(REGULAR).fontSize(9).fillColor(MUTED);
    for (const line of lines) doc.text(line, left, doc.y, { width: width - 10 });
    doc.fillColor('black');
  }
  return doc.y;
}

/** A titled block of lines (bold ones larger), under a rule. Answers where it ends. */
export function drawBlock(
  doc: Pdf,
  title: string,
  lines: ReadonlyArray<[string, boolean]>,
  x: number,
  y: number,
  width: number,
): number {
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

/** Labelled values side by side in equal columns (terms, carrier). Answers where they end. */
export function drawFacts(
  doc: Pdf,
  facts: ReadonlyArray<[string, string]>,
  left: number,
  width: number,
  y: number,
): number {
  const column = width / facts.length;
  let end = y;
  facts.forEach(([label, value], index) => {
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

export interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** Columns of fixed widths around one that takes the rest of `width` (the product's name), inserted at `flexAt`. */
export function columnsAround(
  fixed: readonly Column[],
  flex: Omit<Column, 'width'>,
  flexAt: number,
  width: number,
): Column[] {
  const rest = width - fixed.reduce((sum, column) => sum + column.width, 0);
  return [...fixed.slice(0, flexAt), { ...flex, width: rest }, ...fixed.slice(flexAt)];
}

function measureRow(doc: Pdf, columns: readonly Column[], cells: readonly string[], bold: boolean): number {
  doc.font(bold ? BOLD : REGULAR).fontSize(bold ? 8.5 : 9);
  const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 2 * CELL_PADDING }));
  return Math.max(...heights) + 2 * CELL_PADDING;
}

function drawRow(
  doc: Pdf,
  columns: readonly Column[],
  cells: readonly string[],
  left: number,
  y: number,
  bold: boolean,
): void {
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

function drawTableHeader(doc: Pdf, columns: readonly Column[], left: number, width: number, y: number): number {
  const titles = columns.map((column) => column.title);
  const height = measureRow(doc, columns, titles, true);
  doc.rect(left, y, width, height).fillColor(HEADER_FILL).fill();
  drawRow(doc, columns, titles, left, y, true);
  return y + height;
}

/**
 * A table of `rows` under a shaded header, each row ruled off; a row that does not fit opens a new page, which
 * repeats the header. Without rows, `empty` is printed. Answers where the table ends.
 */
export function drawTable(
  doc: Pdf,
  columns: readonly Column[],
  rows: ReadonlyArray<readonly string[]>,
  options: { left: number; width: number; top: number; bottom: () => number; empty: string },
): number {
  const { left, width, bottom } = options;
  let y = drawTableHeader(doc, columns, left, width, options.top);
  for (const cells of rows) {
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
  }
  if (rows.length === 0) {
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor(MUTED)
      .text(options.empty, left + CELL_PADDING, y + CELL_PADDING, { width });
    y = doc.y + CELL_PADDING;
  }
  return y;
}

/** Titled free text (notes) from `top`, on a new page when little room is left; flows on by itself. Answers where it ends. */
export function drawNotes(
  doc: Pdf,
  title: string,
  text: string,
  options: { left: number; width: number; top: number; bottom: () => number },
): number {
  const { left, width, bottom } = options;
  let y = options.top;
  if (y + 40 > bottom()) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  doc.font(BOLD).fontSize(8).fillColor(MUTED).text(title.toUpperCase(), left, y, { width, characterSpacing: 0.5 });
  doc
    .font(REGULAR)
    .fontSize(9.5)
    .fillColor('black')
    .text(text, left, doc.y + 2, { width });
  return doc.y;
}

function drawFooters(doc: Pdf, left: number, width: number, footer: (page: number, pages: number) => string): void {
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
      .text(footer(i - range.start + 1, range.count), left, doc.page.height - MARGIN, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
}
