// An uploaded file's format is decided by its bytes alone: names and declared types come from the client and lie.
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

export type DocumentFormat =
  'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'pdf' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'other';

export interface DetectedFormat {
  format: DocumentFormat;
  mimeType: string;
  extension: string | null;
}

const UNKNOWN: DetectedFormat = { format: 'other', mimeType: 'application/octet-stream', extension: null };
const PLAIN_TEXT: DetectedFormat = { format: 'other', mimeType: 'text/plain', extension: 'txt' };
const WORD_97: DetectedFormat = { format: 'doc', mimeType: 'application/msword', extension: 'doc' };
const EXCEL_97: DetectedFormat = { format: 'xls', mimeType: 'application/vnd.ms-excel', extension: 'xls' };
const UNKNOWN_COMPOUND_FILE: DetectedFormat = { format: 'other', mimeType: 'application/x-cfb', extension: 'cfb' };

/** file-type's extension -> our format and the MIME type we answer (fixed here so a file-type upgrade cannot change it). */
const KNOWN_FORMATS: Readonly<Record<string, { format: DocumentFormat; mimeType: string }>> = {
  jpg: { format: 'jpeg', mimeType: 'image/jpeg' },
  png: { format: 'png', mimeType: 'image/png' },
  gif: { format: 'gif', mimeType: 'image/gif' },
  webp: { format: 'webp', mimeType: 'image/webp' },
  tif: { format: 'tiff', mimeType: 'image/tiff' },
  pdf: { format: 'pdf', mimeType: 'application/pdf' },
  docx: { format: 'docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { format: 'xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
};

const LABELS: Readonly<Record<DocumentFormat, string>> = {
  jpeg: 'JPEG',
  png: 'PNG',
  gif: 'GIF',
  webp: 'WebP',
  tiff: 'TIFF',
  pdf: 'PDF',
  doc: 'Word',
  docx: 'Word',
  xls: 'Excel',
  xlsx: 'Excel',
  other: 'Other',
};

/** Detects from the file's bytes. Unknown content -> { format: 'other', mimeType: 'application/octet-stream', extension: null }. */
export async function detectFormat(filePath: string): Promise<DetectedFormat> {
  const detected = await fileTypeFromFile(filePath);
  if (!detected) return (await looksLikePlainText(filePath)) ? PLAIN_TEXT : UNKNOWN;
  if (detected.ext === 'cfb') return detectLegacyOffice(filePath);
  const known = KNOWN_FORMATS[detected.ext];
  if (known) return { ...known, extension: detected.ext };
  // Kept as file-type names it so a download of any supplier file still carries the right Content-Type.
  return { format: 'other', mimeType: detected.mime, extension: detected.ext };
}

/** Human names for messages: 'JPEG', 'PNG', 'GIF', 'WebP', 'TIFF', 'PDF', 'Word', 'Excel'. */
export function formatLabel(format: DocumentFormat): string {
  return LABELS[format];
}

const TEXT_SNIFF_BYTES = 64 * 1024;
// Any control character except tab, line feed, form feed and carriage return: binary data, not prose.
const NON_TEXT_CONTROL = /[^\P{Cc}\t\n\f\r]/u;

async function looksLikePlainText(filePath: string): Promise<boolean> {
  const head = await readHead(filePath, TEXT_SNIFF_BYTES);
  if (head.length === 0) return false;
  let text: string;
  try {
    // stream: true tolerates a multi-byte character cut by the 64 KB limit; fatal rejects anything else invalid.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return false;
  }
  return !NON_TEXT_CONTROL.test(text);
}

async function readHead(filePath: string, length: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await handle.read(buffer, filled, length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

// Legacy Office files are all OLE compound files; what tells Word from Excel is the name of the main stream
// in the compound file's directory. Directory entries are 128 bytes, always at 128-byte aligned offsets.
const DIRECTORY_ENTRY_BYTES = 128;
const NAME_FIELD_BYTES = 64;
const NAME_LENGTH_OFFSET = 64;
const OBJECT_TYPE_OFFSET = 66;
const STREAM_OBJECT = 2;
const SCAN_CHUNK_BYTES = 1024 * DIRECTORY_ENTRY_BYTES;

const LEGACY_OFFICE_STREAMS: ReadonlyMap<string, DetectedFormat> = new Map([
  ['WordDocument', WORD_97],
  ['Workbook', EXCEL_97],
  ['Book', EXCEL_97],
]);

/**
 * Scans the file in chunks for a directory entry naming a Word or Excel main stream. Matching whole directory
 * entries (name, name length, stream type) rather than the bare UTF-16 name keeps document text such as "Book"
 * from deciding. The first such entry wins, so a Word file embedding a workbook (or the reverse) may be named after
 * the embedded one if its entry comes first; walking the directory tree would settle it, at a cost not yet worth paying.
 */
async function detectLegacyOffice(filePath: string): Promise<DetectedFormat> {
  const handle = await open(filePath, 'r');
  try {
    const chunk = Buffer.alloc(SCAN_CHUNK_BYTES);
    let carried = 0;
    let position = 0;
    for (;;) {
      const { bytesRead } = await handle.read(chunk, carried, chunk.length - carried, position);
      if (bytesRead === 0) return UNKNOWN_COMPOUND_FILE;
      position += bytesRead;
      const available = carried + bytesRead;
      const whole = available - (available % DIRECTORY_ENTRY_BYTES);
      for (let offset = 0; offset < whole; offset += DIRECTORY_ENTRY_BYTES) {
        const name = streamNameAt(chunk, offset);
        const found = name === null ? undefined : LEGACY_OFFICE_STREAMS.get(name);
        if (found) return found;
      }
      // A short read can leave part of an entry at the end: keep it in front of the next read.
      chunk.copy(chunk, 0, whole, available);
      carried = available - whole;
    }
  } finally {
    await handle.close();
  }
}

/** The stream name of the directory entry at offset, or null when those bytes are not a stream entry. */
function streamNameAt(buffer: Buffer, offset: number): string | null {
  if (buffer[offset + OBJECT_TYPE_OFFSET] !== STREAM_OBJECT) return null;
  // The recorded length counts the UTF-16 terminator.
  const nameBytes = buffer.readUInt16LE(offset + NAME_LENGTH_OFFSET) - 2;
  if (nameBytes <= 0 || nameBytes >= NAME_FIELD_BYTES || nameBytes % 2 !== 0) return null;
  if (buffer.readUInt16LE(offset + nameBytes) !== 0) return null;
  return buffer.toString('utf16le', offset, offset + nameBytes);
}
