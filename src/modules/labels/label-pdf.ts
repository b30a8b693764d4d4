// The labels document: each label in its slot of the layout (sheets fill left to right, top to bottom, after the
// slots skipped on the first sheet; a roll prints one label a page), with the product's name, SKU, price and
// barcode fitted inside the label. Nothing is drawn past a label's edge: text is cut with an ellipsis.
import { BOLD, REGULAR, openBlankPdf, type Pdf } from '../../lib/pdf-layout.js';
import { barcodeDrawer, loadBwip } from './label-barcode.js';
import { MM, labelSlot, type LabelLayout } from './label-layouts.js';
import type { LabelCode } from './label-symbology.js';

export interface LabelContent {
  name: string;
  sku: string;
  code: LabelCode;
  /** Formatted with its currency (`EUR 129.90`); null prints none. */
  price: string | null;
}

/** Room kept free inside a label's edge: sheets are die-cut, and printers do not print to the very edge. */
const PADDING_MM = 2;
/** Labels at least this tall print the name on two lines. */
const TWO_LINE_NAME_MM = 35;

type DrawCode = ReturnType<typeof barcodeDrawer>;
/** Labels drawn between two turns of the event loop: a long document must not hold every other request up. */
const LABELS_PER_TURN = 25;

function drawLabel(
  drawCode: DrawCode,
  doc: Pdf,
  label: LabelContent,
  at: { x: number; y: number },
  layout: LabelLayout,
) {
  const padding = PADDING_MM * MM;
  const x = at.x + padding;
  const width = layout.label.width * MM - 2 * padding;
  const height = layout.label.height * MM - 2 * padding;
  const bottom = at.y + padding + height;
  // Type grows with the label: 7 pt on a 25 mm label, 11 pt at most.
  const nameSize = Math.min(11, Math.max(6.5, layout.label.height * 0.28));
  const detailSize = Math.max(6, nameSize - 1.5);
  const nameLines = layout.label.height >= TWO_LINE_NAME_MM ? 2 : 1;

  let y = at.y + padding;
  doc.fillColor('black').font(BOLD).fontSize(nameSize);
  const nameHeight = doc.currentLineHeight(true) * nameLines;
  doc.text(label.name, x, y, { width, height: nameHeight, ellipsis: true });
  y += nameHeight + 1;

  doc.font(REGULAR).fontSize(detailSize);
  const detailHeight = doc.currentLineHeight(true);
  const priceWidth = label.price === null ? 0 : Math.min(width / 2, doc.font(BOLD).widthOfString(label.price) + 1);
  if (label.price !== null) {
    doc.font(BOLD).text(label.price, x + width - priceWidth, y, {
      width: priceWidth,
      height: detailHeight,
      ellipsis: true,
      align: 'right',
    });
  }
  doc
    .font(REGULAR)
    .fillColor('#333333')
    .text(label.sku, x, y, {
      width: width - priceWidth - (priceWidth > 0 ? 4 : 0),
      height: detailHeight,
      ellipsis: true,
    });
  doc.fillColor('black');
  y += detailHeight + 2;

  drawCode(label.code, { x, y, width, height: bottom - y });
}

/**
 * The PDF of `labels` on `layout`, the first `skip` slots of the first sheet left empty. Pages: as many as the
 * skipped and printed slots fill.
 */
export async function renderLabelsPdf(
  labels: readonly LabelContent[],
  layout: LabelLayout,
  options: { skip: number; title: string },
): Promise<Buffer> {
  const bwip = await loadBwip();
  const { doc, addPage, finish } = await openBlankPdf([layout.page.width * MM, layout.page.height * MM], {
    Title: options.title,
    Author: 'Quartermaster',
    Subject: 'Labels',
  });
  const drawCode = barcodeDrawer(bwip, doc);
  let page = -1;
  for (const [index, label] of labels.entries()) {
    if (index > 0 && index % LABELS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const slot = labelSlot(layout, options.skip + index);
    while (page < slot.page) {
      addPage();
      page += 1;
    }
    drawLabel(drawCode, doc, label, slot, layout);
  }
  if (page < 0) addPage();
  return finish();
}
