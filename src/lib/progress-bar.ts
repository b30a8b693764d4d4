// A progress bar on one terminal line, drawn again over itself as the work goes on:
// `importing catalog.csv [#########-----------] 45%  4,500/10,000 rows  12 failed  1,850 rows/s`.
// The line is a pure function of the figures (renderProgressBar), so that it is tested without a terminal;
// ProgressLine only writes it over the one before.

/** Where the work stands. */
export interface ProgressFigures {
  /** What is being done, first on the line: `importing catalog.csv`. */
  label: string;
  done: number;
  /** Null while not known yet: the bar stays empty and `state` stands in for the counts. */
  total: number | null;
  /** Shown when above zero. */
  failed?: number;
  /** Units per second; not shown while unknown. */
  rate?: number | null;
  /** What the work is doing while the total is unknown (`queued`, `validating`). */
  state?: string;
  /** What is counted: `rows`. */
  unit?: string;
}

export const BAR_WIDTH = 20;
/** Room the label keeps before the figures at the line's end give way (the rate, then the failures). */
const MIN_LABEL = 12;

const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count with thousands separators: `10,000`. */
export function formatCount(n: number): string {
  return numbers.format(n);
}

/**
 * The line for `figures`, at most `columns - 1` characters long: a terminal wraps a line that fills its last
 * column, and a wrapped line can no longer be drawn over from its start. A long label (a file name) is
 * shortened in its middle; below MIN_LABEL, the rate and the failures give way first.
 */
export function renderProgressBar(figures: ProgressFigures, columns = Number.POSITIVE_INFINITY): string {
  const { done, total, failed = 0, rate = null, unit = 'rows' } = figures;
  const parts: string[] = [];
  if (total === null) {
    parts.push(`[${'-'.repeat(BAR_WIDTH)}]`, ` ${figures.state ?? ''}`);
  } else {
    // Empty total: nothing to do is all done.
    const share = total > 0 ? Math.min(Math.max(done / total, 0), 1) : 1;
    const filled = Math.floor(share * BAR_WIDTH);
    // Floored, so that 100% means every unit is done rather than 99.5% of them.
    parts.push(
      `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${Math.floor(share * 100)}%`,
      ` ${formatCount(done)}/${formatCount(total)} ${unit}`,
    );
    if (failed > 0) parts.push(` ${formatCount(failed)} failed`);
    if (rate !== null && Number.isFinite(rate)) parts.push(` ${formatCount(rate)} ${unit}/s`);
  }
  // Room for the label: the line's width less the rest and the space between. Too little drops the rate, then
  // the failures (never the counts); the label takes what is left. Only a terminal too narrow for the bar and
  // the counts themselves has the line's end cut.
  const room = () => columns - 1 - parts.join(' ').trimEnd().length - 1;
  while (parts.length > 2 && room() < MIN_LABEL) parts.pop();
  const label = shorten(figures.label, room());
  const rest = parts.join(' ').trimEnd();
  return (label === '' ? rest : `${label} ${rest}`).slice(0, Math.max(columns - 1, 0));
}

/** `text` in at most `width` characters, its middle replaced by `…` when too long (a file name keeps its extension). */
function shorten(text: string, width: number): string {
  if (text.length <= width) return text;
  if (width <= 0) return '';
  const head = Math.ceil((width - 1) / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (width - 1 - head))}`;
}

/** Carriage return to the line's start; CSI K erases from the cursor to the line's end. */
const TO_LINE_START = '\r';
const ERASE_TO_END = '\x1b[K';

/** A progress bar on a terminal: each draw replaces the line drawn before. */
export class ProgressLine {
  private shown = '';

  /** `columns` is read at each draw: the terminal may be resized meanwhile. */
  constructor(
    private readonly write: (text: string) => void,
    private readonly columns: () => number,
  ) {}

  draw(figures: ProgressFigures): void {
    const line = renderProgressBar(figures, this.columns());
    if (line === this.shown) return;
    this.write(`${TO_LINE_START}${line}${ERASE_TO_END}`);
    this.shown = line;
  }

  /** Erases the line, so that other output (a warning) starts on a clean one; the next draw brings it back. */
  clear(): void {
    if (this.shown === '') return;
    this.write(`${TO_LINE_START}${ERASE_TO_END}`);
    this.shown = '';
  }

  /** Leaves the last line drawn on screen and moves below it. */
  end(): void {
    if (this.shown === '') return;
    this.write('\n');
    this.shown = '';
  }
}
