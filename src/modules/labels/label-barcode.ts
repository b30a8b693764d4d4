// A product's barcode drawn as vector shapes into a PDF: bwip-js encodes the symbol and lays out its bars and
// human-readable text through a drawing context of ours, which records them; they are then drawn with pdfkit at
// the size of the box, so bars stay sharp at any printer resolution.
import type BwipJs from 'bwip-js';
import type { DrawingContext } from 'bwip-js';
import type { Pdf } from '../../lib/pdf-layout.js';
import { REGULAR } from '../../lib/pdf-layout.js';
import type { LabelCode } from './label-symbology.js';

type Bwip = typeof BwipJs;

interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Caption {
  /** Left edge and baseline. */
  x: number;
  y: number;
  text: string;
  size: number;
  /** Its width at `size`, as bwip-js laid it out. */
  width: number;
}

/** A symbol at bwip-js's scale 1, where a unit is a point (a module of 1 pt). */
interface Symbol {
  width: number;
  height: number;
  bars: Bar[];
  polygons: Array<Array<[number, number]>>;
  captions: Caption[];
}

const BCID = { ean13: 'ean13', upca: 'upca', code128: 'code128' } as const;
/** Share of a digit's size above its baseline (DejaVu's digits stand 0.73 tall), with a little air under the bars. */
const ASCENT = 0.85;
const DESCENT = 0.22;
/** Modules wider than this many points gain nothing but room taken from the text. */
const MAX_SCALE = 2.5;
/** The bars keep at least this share of the box's height; the digits under them shrink first. */
const MIN_BAR_SHARE = 0.55;
/**
 * The digits' size at scale 1. DejaVu's digits are wider than OCR-B's (0.64 of their size): at 10 pt one fits
 * the 7 modules of an EAN digit, where bwip-js's 12 pt would overlap the next.
 */
const TEXT_SIZE = 10;
/** The printed digits' largest size, in points: wider modules need no larger text. */
const MAX_TEXT_PT = 12;
const MM_PT = 72 / 25.4;

function recorder(doc: Pdf): DrawingContext<Symbol> {
  const symbol: Symbol = { width: 0, height: 0, bars: [], polygons: [], captions: [] };
  let path: Array<[number, number]> = [];
  const widthAt = (text: string, size: number) => doc.font(REGULAR).fontSize(size).widthOfString(text);
  return {
    scale: () => null,
    measure: (text, _font, _width, size) => ({
      width: widthAt(text, size),
      ascent: size * ASCENT,
      descent: size * DESCENT,
    }),
    init: (width, height) => {
      symbol.width = width;
      symbol.height = height;
    },
    line: (x0, y0, x1, y1, lw) => {
      if (x0 === x1) symbol.bars.push({ x: x0 - lw / 2, y: Math.min(y0, y1), width: lw, height: Math.abs(y1 - y0) });
      else if (y0 === y1)
        symbol.bars.push({ x: Math.min(x0, x1), y: y0 - lw / 2, width: Math.abs(x1 - x0), height: lw });
    },
    polygon: (points) => {
      path.push(...points);
    },
    hexagon: (points) => {
      path.push(...points);
    },
    ellipse: () => {},
    fill: () => {
      if (path.length > 0) symbol.polygons.push(path);
      path = [];
    },
    text: (x, y, text, _rgb, font) =>
      void symbol.captions.push({ x, y, text, size: font.height, width: widthAt(text, font.height) }),
    end: () => symbol,
  };
}

/** Loaded on the first label, like pdfkit: most servers never print one. */
export async function loadBwip(): Promise<Bwip> {
  const loaded = (await import('bwip-js')) as Bwip & { default?: Bwip };
  return loaded.default ?? loaded;
}

function encode(bwip: Bwip, doc: Pdf, code: LabelCode, barHeightMm: number, textSize: number): Symbol {
  return bwip.render(
    {
      bcid: BCID[code.symbology],
      text: code.text,
      scale: 1,
      height: barHeightMm,
      includetext: true,
      textsize: textSize,
    },
    recorder(doc),
  );
}

interface Fitted {
  symbol: Symbol;
  scale: number;
}

/**
 * `code` encoded to fill a box of `width` x `height` points, bars and digits scaled alike: as wide as the box
 * allows, the bars as tall as the room left under the digits. Null when bwip-js refuses the code.
 */
function fit(bwip: Bwip, doc: Pdf, code: LabelCode, width: number, height: number): Fitted | null {
  let probe: Symbol;
  try {
    probe = encode(bwip, doc, code, 10, TEXT_SIZE);
  } catch {
    return null;
  }
  // Code 128 wants ten modules of white on each side (bwip-js pads only its own drawings); EAN-13 and UPC-A
  // print their outer digits in theirs, which the symbol already counts.
  const quiet = code.symbology === 'code128' ? 10 : 0;
  let scale = Math.min(width / (probe.width + 2 * quiet), MAX_SCALE);
  // Digits no larger than MAX_TEXT_PT once scaled; the room they leave goes to the bars.
  const textSize = Math.min(TEXT_SIZE, MAX_TEXT_PT / scale);
  const sized = textSize === TEXT_SIZE ? probe : encode(bwip, doc, code, 10, textSize);
  // What the symbol takes besides its bars (the digits under them), in units of scale 1.
  const extra = sized.height - 10 * MM_PT;
  if (extra * scale > height * (1 - MIN_BAR_SHARE)) scale = (height * (1 - MIN_BAR_SHARE)) / extra;
  const symbol = encode(bwip, doc, code, (height / scale - extra) / MM_PT, textSize);
  // The digits at the left of an EAN-13 or UPC-A widen the symbol with their size: fit it again.
  return { symbol, scale: Math.min(scale, width / (symbol.width + 2 * quiet), height / symbol.height) };
}

/**
 * A function that draws a code centred in a box (points) of the document; a code bwip-js refuses is printed as
 * plain text instead of failing the sheet. Codes are encoded once per document and box size: copies of a
 * label cost only their drawing.
 */
export function barcodeDrawer(
  bwip: Bwip,
  doc: Pdf,
): (code: LabelCode, box: { x: number; y: number; width: number; height: number }) => void {
  const fitted = new Map<string, Fitted | null>();
  return (code, box) => {
    if (code.text === '' || box.height <= 0) return;
    const key = `${code.symbology} ${box.width} ${box.height} ${code.text}`;
    if (!fitted.has(key)) fitted.set(key, fit(bwip, doc, code, box.width, box.height));
    const found = fitted.get(key);
    if (found) {
      draw(doc, found, box);
    } else {
      doc.font(REGULAR).fontSize(8).fillColor('black');
      doc.text(code.text, box.x, box.y, { width: box.width, height: box.height, ellipsis: true, align: 'center' });
    }
  };
}

function draw(doc: Pdf, { symbol, scale }: Fitted, box: { x: number; y: number; width: number; height: number }): void {
  const left = box.x + (box.width - symbol.width * scale) / 2;
  const top = box.y + Math.max(0, (box.height - symbol.height * scale) / 2);
  doc.save().fillColor('black');
  for (const bar of symbol.bars) {
    doc.rect(left + bar.x * scale, top + bar.y * scale, bar.width * scale, bar.height * scale);
  }
  for (const points of symbol.polygons) {
    doc.polygon(...points.map(([x, y]): [number, number] => [left + x * scale, top + y * scale]));
  }
  if (symbol.bars.length + symbol.polygons.length > 0) doc.fill();
  doc.restore();
  doc.fillColor('black');
  for (const caption of symbol.captions) {
    doc
      .font(REGULAR)
      .fontSize(caption.size * scale)
      .text(caption.text, left + caption.x * scale, top + caption.y * scale, {
        lineBreak: false,
        baseline: 'alphabetic',
      });
  }
}
