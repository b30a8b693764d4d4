import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compoundFileBytes,
  docBytes,
  docxBytes,
  gifBytes,
  htmlBytes,
  jpegBytes,
  paddedPdf,
  pdfBytes,
  pngBytes,
  randomBytes,
  textBytes,
  tiffBytes,
  webpBytes,
  xlsBytes,
  xlsxBytes,
  zipBytes,
} from '../../../test/helpers/document-fixtures.js';
import { detectFormat, formatLabel, type DetectedFormat, type DocumentFormat } from './document-formats.js';

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'document-formats-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function detect(bytes: Buffer, fileName = 'upload.bin'): Promise<DetectedFormat> {
  const filePath = path.join(await mkdtemp(path.join(directory, 'case-')), fileName);
  await writeFile(filePath, bytes);
  return detectFormat(filePath);
}

const OCTET_STREAM: DetectedFormat = { format: 'other', mimeType: 'application/octet-stream', extension: null };
const PLAIN_TEXT: DetectedFormat = { format: 'other', mimeType: 'text/plain', extension: 'txt' };

describe('detectFormat: accepted formats', () => {
  it.each<[string, () => Buffer, DetectedFormat]>([
    ['PNG', pngBytes, { format: 'png', mimeType: 'image/png', extension: 'png' }],
    ['JPEG', jpegBytes, { format: 'jpeg', mimeType: 'image/jpeg', extension: 'jpg' }],
    ['GIF', gifBytes, { format: 'gif', mimeType: 'image/gif', extension: 'gif' }],
    ['WebP', webpBytes, { format: 'webp', mimeType: 'image/webp', extension: 'webp' }],
    ['TIFF', tiffBytes, { format: 'tiff', mimeType: 'image/tiff', extension: 'tif' }],
    ['PDF', pdfBytes, { format: 'pdf', mimeType: 'application/pdf', extension: 'pdf' }],
    [
      'docx',
      docxBytes,
      {
        format: 'docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        extension: 'docx',
      },
    ],
    [
      'xlsx',
      xlsxBytes,
      {
        format: 'xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        extension: 'xlsx',
      },
    ],
    ['Word 97 (doc)', docBytes, { format: 'doc', mimeType: 'application/msword', extension: 'doc' }],
    ['Excel 97 (xls)', xlsBytes, { format: 'xls', mimeType: 'application/vnd.ms-excel', extension: 'xls' }],
  ])('recognises %s from its bytes under a meaningless name', async (_name, bytes, expected) => {
    expect(await detect(bytes(), 'upload.bin')).toEqual(expected);
  });

  it('recognises a PDF padded to an exact size', async () => {
    const bytes = paddedPdf(100_000);
    expect(bytes.length).toBe(100_000);
    expect((await detect(bytes)).format).toBe('pdf');
  });
});

describe('detectFormat: names and declared types are ignored', () => {
  it('answers PNG for a PNG named .pdf', async () => {
    expect(await detect(pngBytes(), 'invoice.pdf')).toEqual({ format: 'png', mimeType: 'image/png', extension: 'png' });
  });

  it('does not answer PDF for an HTML page named .pdf', async () => {
    const detected = await detect(htmlBytes(), 'invoice.pdf');
    expect(detected.format).not.toBe('pdf');
    expect(detected).toEqual(PLAIN_TEXT);
  });

  it('answers Word for a docx named .xlsx', async () => {
    expect((await detect(docxBytes(), 'sheet.xlsx')).format).toBe('docx');
  });
});

describe('detectFormat: other formats keep what file-type says', () => {
  it('keeps the zip MIME type and extension', async () => {
    expect(await detect(zipBytes())).toEqual({ format: 'other', mimeType: 'application/zip', extension: 'zip' });
  });
});

describe('detectFormat: legacy Office compound files', () => {
  it('takes the short "Book" stream of Excel 5 workbooks as Excel', async () => {
    expect((await detect(compoundFileBytes('Book'))).format).toBe('xls');
  });

  it('answers a compound file with neither stream as other, application/x-cfb', async () => {
    expect(await detect(compoundFileBytes('Contents'))).toEqual({
      format: 'other',
      mimeType: 'application/x-cfb',
      extension: 'cfb',
    });
  });

  it('ignores the stream name when it is only text inside a stream', async () => {
    const bytes = compoundFileBytes('Contents');
    const streamStart = bytes.length - 4096;
    const name = Buffer.from('WordDocument\0', 'utf16le');
    name.copy(bytes, streamStart + 100);
    name.copy(bytes, streamStart + 1024);
    expect((await detect(bytes)).format).toBe('other');
  });

  it.each<[string, DocumentFormat]>([
    ['WordDocument', 'doc'],
    ['Workbook', 'xls'],
  ])('finds a %s directory entry lying beyond the first chunk read', async (streamName, format) => {
    const bytes = compoundFileBytes(streamName, { fillerSectors: 600 });
    expect(bytes.length).toBeGreaterThan(300_000);
    expect((await detect(bytes)).format).toBe(format);
  });
});

describe('detectFormat: plain text and unknown bytes', () => {
  it('answers UTF-8 text as text/plain', async () => {
    expect(await detect(textBytes())).toEqual(PLAIN_TEXT);
  });

  it('accepts a multi-byte character cut by the 64 KB sniff limit', async () => {
    const bytes = Buffer.concat([Buffer.alloc(64 * 1024 - 1, 'a'), Buffer.from('é and more text\n', 'utf8')]);
    expect(await detect(bytes)).toEqual(PLAIN_TEXT);
  });

  it('looks only at the first 64 KB', async () => {
    const bytes = Buffer.concat([Buffer.alloc(64 * 1024, 'a'), Buffer.from([0x00, 0x01, 0xff])]);
    expect(await detect(bytes)).toEqual(PLAIN_TEXT);
  });

  it.each<[string, Buffer]>([
    ['a NUL byte', Buffer.from('name\0value\n', 'latin1')],
    ['an escape character', Buffer.from('colour \u001b[31mred\n', 'utf8')],
    ['a C1 control character', Buffer.from('price \u0085 12\n', 'utf8')],
    ['Latin-1 bytes that are not UTF-8', Buffer.from('Quantité: 12\n', 'latin1')],
  ])('answers application/octet-stream for text with %s', async (_name, bytes) => {
    expect(await detect(bytes)).toEqual(OCTET_STREAM);
  });

  it('answers application/octet-stream for random bytes', async () => {
    expect(await detect(randomBytes(4096))).toEqual(OCTET_STREAM);
  });

  it('answers application/octet-stream for an empty file', async () => {
    expect(await detect(Buffer.alloc(0))).toEqual(OCTET_STREAM);
  });
});

describe('formatLabel', () => {
  it.each<[DocumentFormat, string]>([
    ['jpeg', 'JPEG'],
    ['png', 'PNG'],
    ['gif', 'GIF'],
    ['webp', 'WebP'],
    ['tiff', 'TIFF'],
    ['pdf', 'PDF'],
    ['doc', 'Word'],
    ['docx', 'Word'],
    ['xls', 'Excel'],
    ['xlsx', 'Excel'],
    ['other', 'Other'],
  ])('names %s as %s', (format, label) => {
    expect(formatLabel(format)).toBe(label);
  });
});
