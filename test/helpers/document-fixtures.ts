// Small but real files of each document format, built from bytes so tests need no binary fixtures on disk.
import { crc32, deflateSync } from 'node:zlib';

/** A 1x1 red PNG: signature, IHDR, IDAT and IEND chunks with their CRCs. */
export function pngBytes(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const scanline = Buffer.from([0, 0xff, 0, 0]); // filter byte, then one RGB pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanline)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A JFIF JPEG header (SOI, APP0) closed by EOI: enough for every sniffer, not for a decoder. */
export function jpegBytes(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A 1x1 transparent GIF89a. */
export function gifBytes(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
}

/** A 1x1 lossless WebP (RIFF....WEBPVP8L). */
export function webpBytes(): Buffer {
  return Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
}

/** A 1x1 black bilevel little-endian TIFF: header and one IFD with the baseline tags. */
export function tiffBytes(): Buffer {
  const tags: Array<[tag: number, type: number, value: number]> = [
    [256, 3, 1], // ImageWidth
    [257, 3, 1], // ImageLength
    [259, 3, 1], // Compression: none
    [262, 3, 0], // PhotometricInterpretation: white is zero
    [273, 4, 0], // StripOffsets, patched below
    [278, 3, 1], // RowsPerStrip
    [279, 4, 1], // StripByteCounts
  ];
  const ifdOffset = 8;
  const ifdBytes = 2 + tags.length * 12 + 4;
  const pixelOffset = ifdOffset + ifdBytes;
  const bytes = Buffer.alloc(pixelOffset + 1);
  bytes.write('II', 0, 'latin1');
  bytes.writeUInt16LE(42, 2);
  bytes.writeUInt32LE(ifdOffset, 4);
  bytes.writeUInt16LE(tags.length, ifdOffset);
  tags.forEach(([tag, type, value], index) => {
    const entry = ifdOffset + 2 + index * 12;
    bytes.writeUInt16LE(tag, entry);
    bytes.writeUInt16LE(type, entry + 2);
    bytes.writeUInt32LE(1, entry + 4);
    if (type === 3) bytes.writeUInt16LE(value, entry + 8);
    else bytes.writeUInt32LE(tag === 273 ? pixelOffset : value, entry + 8);
  });
  return bytes; // next IFD offset and the single pixel byte are already zero
}

/** A one-page PDF 1.4 with a correct cross-reference table. */
export function pdfBytes(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PDF header followed by filler, exactly totalSize bytes long: for upload size limits. */
export function paddedPdf(totalSize: number): Buffer {
  const header = Buffer.from('%PDF-1.4\n%', 'latin1');
  if (totalSize < header.length) throw new RangeError(`a padded PDF needs at least ${header.length} bytes`);
  const padded = Buffer.alloc(totalSize, 'x');
  header.copy(padded);
  return padded;
}

const CONTENT_TYPES_NAMESPACE = 'http://schemas.openxmlformats.org/package/2006/content-types';
const RELATIONSHIPS_NAMESPACE = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_DOCUMENT_RELATIONSHIP =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument';

function openXmlPackage(mainPart: string, mainContentType: string, mainXml: string): Buffer {
  return zipArchive({
    '[Content_Types].xml':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="${CONTENT_TYPES_NAMESPACE}">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="/${mainPart}" ContentType="${mainContentType}"/></Types>`,
    '_rels/.rels':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${RELATIONSHIPS_NAMESPACE}">` +
      `<Relationship Id="rId1" Type="${OFFICE_DOCUMENT_RELATIONSHIP}" Target="${mainPart}"/></Relationships>`,
    [mainPart]: mainXml,
  });
}

/** A minimal Word 2007+ document: [Content_Types].xml, _rels/.rels and word/document.xml. */
export function docxBytes(): Buffer {
  return openXmlPackage(
    'word/document.xml',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      '<w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>',
  );
}

/** A minimal Excel 2007+ workbook: [Content_Types].xml, _rels/.rels and xl/workbook.xml. */
export function xlsxBytes(): Buffer {
  return openXmlPackage(
    'xl/workbook.xml',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>',
  );
}

/** A plain zip archive holding one text file. */
export function zipBytes(): Buffer {
  return zipArchive({ 'readme.txt': 'Not an office document.\n' });
}

/** A zip of stored (uncompressed) entries with its central directory, built by hand to avoid a dependency. */
export function zipArchive(entries: Record<string, string>): Buffer {
  const localParts: Buffer[] = [];
  const centralParts: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const checksum = crc32(data);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    localParts.push(local, nameBytes, data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centralParts.push(central, nameBytes);

    offset += local.length + nameBytes.length + data.length;
  }
  const centralDirectory = Buffer.concat(centralParts);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centralParts.length / 2, 8);
  end.writeUInt16LE(centralParts.length / 2, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...localParts, centralDirectory, end]);
}

const SECTOR_BYTES = 512;
const FAT_ENTRIES_PER_SECTOR = SECTOR_BYTES / 4;
const MAX_HEADER_FAT_SECTORS = 109;
const END_OF_CHAIN = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;
const NO_STREAM = 0xffffffff;
const MAIN_STREAM_SECTORS = 8; // 4096 bytes: the smallest stream kept out of the mini stream

export interface CompoundFileOptions {
  /** Filler sectors before the directory, to put it beyond the first chunk a scanner reads. */
  fillerSectors?: number;
}

/**
 * An OLE compound file (version 3, 512-byte sectors) whose root storage holds one stream of the given name:
 * header, FAT sectors, the filler, one directory sector, then the stream's sectors.
 */
export function compoundFileBytes(streamName: string, options: CompoundFileOptions = {}): Buffer {
  const filler = options.fillerSectors ?? 0;
  const fatSectors = fatSectorsFor(filler + 1 + MAIN_STREAM_SECTORS);
  if (fatSectors > MAX_HEADER_FAT_SECTORS)
    throw new RangeError('the compound file fixture keeps its FAT list in the header');
  const directorySector = fatSectors + filler;
  const firstStreamSector = directorySector + 1;
  const sectorCount = firstStreamSector + MAIN_STREAM_SECTORS;

  const header = Buffer.alloc(SECTOR_BYTES);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x3e, 24); // minor version
  header.writeUInt16LE(3, 26); // major version
  header.writeUInt16LE(0xfffe, 28); // little-endian byte order mark
  header.writeUInt16LE(9, 30); // sector size 2^9
  header.writeUInt16LE(6, 32); // mini sector size 2^6
  header.writeUInt32LE(fatSectors, 44);
  header.writeUInt32LE(directorySector, 48);
  header.writeUInt32LE(4096, 56); // mini stream cutoff
  header.writeUInt32LE(END_OF_CHAIN, 60); // no mini FAT
  header.writeUInt32LE(END_OF_CHAIN, 68); // no DIFAT sectors
  header.fill(0xff, 76);
  for (let sector = 0; sector < fatSectors; sector++) header.writeUInt32LE(sector, 76 + sector * 4);

  const fat = Buffer.alloc(fatSectors * SECTOR_BYTES, 0xff); // 0xffffffff: free sector
  for (let sector = 0; sector < fatSectors; sector++) fat.writeUInt32LE(FAT_SECTOR, sector * 4);
  fat.writeUInt32LE(END_OF_CHAIN, directorySector * 4);
  for (let sector = firstStreamSector; sector < sectorCount; sector++) {
    fat.writeUInt32LE(sector === sectorCount - 1 ? END_OF_CHAIN : sector + 1, sector * 4);
  }

  const directory = Buffer.concat([
    directoryEntry({ name: 'Root Entry', type: 5, child: 1, startSector: END_OF_CHAIN, size: 0 }),
    directoryEntry({
      name: streamName,
      type: 2,
      child: NO_STREAM,
      startSector: firstStreamSector,
      size: MAIN_STREAM_SECTORS * SECTOR_BYTES,
    }),
    Buffer.alloc(2 * 128),
  ]);

  return Buffer.concat([
    header,
    fat,
    Buffer.alloc(filler * SECTOR_BYTES, 0xaa),
    directory,
    Buffer.alloc(MAIN_STREAM_SECTORS * SECTOR_BYTES, 0x20),
  ]);
}

/** How many FAT sectors a file of otherSectors needs, counting the FAT sectors themselves. */
function fatSectorsFor(otherSectors: number): number {
  let fatSectors = 1;
  while (fatSectors * FAT_ENTRIES_PER_SECTOR < otherSectors + fatSectors) fatSectors++;
  return fatSectors;
}

interface DirectoryEntry {
  name: string;
  type: number;
  child: number;
  startSector: number;
  size: number;
}

function directoryEntry(entry: DirectoryEntry): Buffer {
  const bytes = Buffer.alloc(128);
  const name = Buffer.from(entry.name, 'utf16le');
  name.copy(bytes);
  bytes.writeUInt16LE(name.length + 2, 64); // the length counts the terminator
  bytes[66] = entry.type;
  bytes[67] = 1; // black
  bytes.writeUInt32LE(NO_STREAM, 68); // left sibling
  bytes.writeUInt32LE(NO_STREAM, 72); // right sibling
  bytes.writeUInt32LE(entry.child, 76);
  bytes.writeUInt32LE(entry.startSector, 116);
  bytes.writeUInt32LE(entry.size, 120);
  return bytes;
}

/** A Word 97-2003 document: a compound file with a "WordDocument" stream. */
export function docBytes(): Buffer {
  return compoundFileBytes('WordDocument');
}

/** An Excel 97-2003 workbook: a compound file with a "Workbook" stream. */
export function xlsBytes(): Buffer {
  return compoundFileBytes('Workbook');
}

/** UTF-8 text with accents, tabs and line breaks. */
export function textBytes(): Buffer {
  return Buffer.from('Bon de livraison n° 42\r\nQuantité\t12\nRéférence\tÉTÉ-2026\n', 'utf8');
}

export function htmlBytes(): Buffer {
  return Buffer.from(
    '<!DOCTYPE html>\n<html><head><title>Invoice</title></head><body><p>Not a PDF</p></body></html>\n',
    'utf8',
  );
}

/** n pseudo-random bytes (xorshift32) from a fixed seed, so a test never fails because chance produced a magic number. */
export function randomBytes(n: number, seed = 0x9e3779b9): Buffer {
  const bytes = Buffer.alloc(n);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < n; index++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    bytes[index] = state & 0xff;
  }
  return bytes;
}
