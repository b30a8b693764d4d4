// The label stocks a document can be printed on: sheets of sticky labels for office printers (A4, US Letter) and
// rolls for label printers, where every label is a page of its own. Sizes in millimetres, as the stock is sold.
export const MM = 72 / 25.4;
const INCH = 25.4;

export interface LabelLayout {
  /** What the parameter's documentation says of it. */
  description: string;
  /** The page, in mm. */
  page: { width: number; height: number };
  /** One label, in mm. */
  label: { width: number; height: number };
  columns: number;
  rows: number;
  /** The top left label's corner, in mm from the page's. */
  origin: { left: number; top: number };
  /** From one label's corner to the next one's, in mm. */
  pitch: { x: number; y: number };
}

const A4 = { width: 210, height: 297 };
const LETTER = { width: 8.5 * INCH, height: 11 * INCH };

/** A sheet of `columns` x `rows` labels, the block centred on the page when no margins are given. */
function sheet(
  description: string,
  page: { width: number; height: number },
  label: { width: number; height: number },
  columns: number,
  rows: number,
  spacing: { x: number; y: number } = { x: 0, y: 0 },
  origin?: { left: number; top: number },
): LabelLayout {
  const pitch = { x: label.width + spacing.x, y: label.height + spacing.y };
  const block = { width: pitch.x * (columns - 1) + label.width, height: pitch.y * (rows - 1) + label.height };
  return {
    description,
    page,
    label,
    columns,
    rows,
    origin: origin ?? { left: (page.width - block.width) / 2, top: (page.height - block.height) / 2 },
    pitch,
  };
}

function roll(description: string, width: number, height: number): LabelLayout {
  return sheet(description, { width, height }, { width, height }, 1, 1);
}

export const LABEL_LAYOUTS = {
  'a4-3x8': sheet('A4 sheet, 3 x 8 = 24 labels of 70 x 37 mm', A4, { width: 70, height: 37 }, 3, 8),
  'a4-3x7': sheet('A4 sheet, 3 x 7 = 21 labels of 70 x 42.3 mm', A4, { width: 70, height: 42.3 }, 3, 7),
  'letter-3x10': sheet(
    'US Letter sheet, 3 x 10 = 30 labels of 2.625 x 1 in (66.7 x 25.4 mm), as Avery 5160',
    LETTER,
    { width: 2.625 * INCH, height: INCH },
    3,
    10,
    { x: 0.125 * INCH, y: 0 },
    { left: 0.1875 * INCH, top: 0.5 * INCH },
  ),
  'letter-2x10': sheet(
    'US Letter sheet, 2 x 10 = 20 labels of 4 x 1 in (101.6 x 25.4 mm), as Avery 5161',
    LETTER,
    { width: 4 * INCH, height: INCH },
    2,
    10,
    { x: 0.1875 * INCH, y: 0 },
    { left: 0.15625 * INCH, top: 0.5 * INCH },
  ),
  'roll-57x32': roll('Label printer roll, one label of 57 x 32 mm per page', 57, 32),
  'roll-62x29': roll('Label printer roll, one label of 62 x 29 mm per page', 62, 29),
  'roll-100x50': roll('Label printer roll, one label of 100 x 50 mm per page', 100, 50),
} as const satisfies Record<string, LabelLayout>;

export type LabelLayoutName = keyof typeof LABEL_LAYOUTS;
export const LABEL_LAYOUT_NAMES = Object.keys(LABEL_LAYOUTS) as LabelLayoutName[];
export const DEFAULT_LABEL_LAYOUT: LabelLayoutName = 'a4-3x8';

/** Labels in one document at most: some 42 A4 sheets, enough for a delivery, small enough to render in a request. */
export const MAX_LABELS = 1000;

/** Labels on one page of the layout. */
export function labelsPerPage(layout: LabelLayout): number {
  return layout.columns * layout.rows;
}

/** A sheet has more than one label a page, so a partly used one can be fed again with `skip`. */
export function isSheet(layout: LabelLayout): boolean {
  return labelsPerPage(layout) > 1;
}

/** Where the `slot`-th label (from 0, counting skipped ones) goes: its page, and its corner in points. */
export function labelSlot(layout: LabelLayout, slot: number): { page: number; x: number; y: number } {
  const perPage = labelsPerPage(layout);
  const onPage = slot % perPage;
  const column = onPage % layout.columns;
  const row = Math.floor(onPage / layout.columns);
  return {
    page: Math.floor(slot / perPage),
    x: (layout.origin.left + column * layout.pitch.x) * MM,
    y: (layout.origin.top + row * layout.pitch.y) * MM,
  };
}

/** The largest `skip` of any layout: one less than the labels of the largest sheet. */
export const MAX_SKIP = Math.max(...Object.values(LABEL_LAYOUTS).map(labelsPerPage)) - 1;
