// Reads a multipart upload: the one `file` part is streamed to a temporary file while it is hashed and
// counted, and refused as soon as it passes the owner's size limit, so an oversized upload is never held
// whole in memory or on disk. The other parts become plain fields for the service to validate.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import {
  BadRequestError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../core/errors.js';
import { newId } from '../../lib/ids.js';

/** The raw form fields: strings, `tags` as a list, `metadata` as a map (from `metadata[key]` parts or a JSON `metadata` part). */
export interface UploadFields {
  [field: string]: string | string[] | Record<string, string> | undefined;
  tags?: string[];
  metadata?: Record<string, string>;
}

export interface ReceivedFile {
  /** A temporary file holding the bytes; removed by `ReceivedUpload.discard`. */
  path: string;
  /** The name the client gave, reduced to a safe display name. */
  filename: string;
  size: number;
  sha256: string;
}

export interface ReceivedUpload {
  fields: UploadFields;
  file: ReceivedFile | null;
  /** Removes the temporary file; safe to call more than once. */
  discard(): Promise<void>;
}

const MAX_FIELDS = 100;
const MAX_FIELD_BYTES = 16 * 1024;
const METADATA_KEY = /^metadata\[([^\]]*)\]$/;

function describeSize(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}

const fileTooLarge = (maxBytes: number) =>
  new PayloadTooLargeError(`The file may not be greater than ${describeSize(maxBytes)}.`);

/** The client's file name without any directory part or control characters; never used as a storage name. */
function displayFilename(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return clean === '' || clean === '.' || clean === '..' ? 'document' : clean;
}

/** A `metadata` part: a JSON object, as generated clients send an object field of a form. */
function metadataObject(text: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw ValidationError.field(
      'metadata',
      'The metadata field must be a JSON object, or be sent as one metadata[key] field per key.',
    );
  }
  // Values are left as sent: the service's check of the form names any that is not text.
  return parsed as Record<string, string>;
}

function addField(fields: UploadFields, name: string, value: string): void {
  const metadata = METADATA_KEY.exec(name);
  if (metadata) {
    (fields.metadata ??= Object.create(null) as Record<string, string>)[metadata[1]!] = value;
  } else if (name === 'metadata') {
    Object.assign((fields.metadata ??= Object.create(null) as Record<string, string>), metadataObject(value));
  } else if (name === 'tags[]' || name === 'tags') {
    (fields.tags ??= []).push(value);
  } else if (fields[name] === undefined) {
    fields[name] = value;
  } else {
    throw ValidationError.field(name, `The ${name} field was sent more than once.`);
  }
}

async function receiveFile(part: MultipartFile, maxBytes: number): Promise<ReceivedFile> {
  const target = path.join(os.tmpdir(), `quartermaster-upload-${newId()}`);
  const hash = createHash('sha256');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  // Past the limit busboy only truncates the file and goes on reading the request to the part's end (200 MB are
  // read whole for a 10 MB limit); failing the stream at the limit is what stops the upload there.
  part.file.once('limit', () => part.file.destroy(fileTooLarge(maxBytes)));
  try {
    await pipeline(part.file, count, createWriteStream(target, { flags: 'wx' }));
    // The limit may have been hit before the listener above was attached.
    if (part.file.truncated) throw fileTooLarge(maxBytes);
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  return { path: target, filename: displayFilename(part.filename), size, sha256: hash.digest('hex') };
}

const BAD_BOUNDARY = 'The multipart/form-data Content-Type needs a valid boundary parameter.';
const BAD_BODY =
  'The multipart/form-data body is malformed: it is not divided by its boundary or ends before the closing boundary.';

/**
 * The multipart parser (busboy) reports a form it cannot read with plain errors, told apart by message only:
 * a missing or unusable boundary (thrown when parsing starts) and a body that never reaches its closing
 * boundary. Both are the client's doing, a 400; anything else stays a server error.
 */
function unreadableForm(error: unknown): BadRequestError | null {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== undefined) return null;
  if (/^Multipart: Boundary not found$|^Boundary required$|^The needle cannot/.test(error.message))
    return new BadRequestError(BAD_BOUNDARY);
  if (/unexpected end of multipart data$/i.test(error.message)) return new BadRequestError(BAD_BODY);
  return null;
}

function multipartError(error: unknown, maxBytes: number): unknown {
  const unreadable = unreadableForm(error);
  if (unreadable) return unreadable;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge(maxBytes);
    case 'FST_FILES_LIMIT':
      return ValidationError.field('file', 'Send exactly one file.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new PayloadTooLargeError(`An upload may have at most ${MAX_FIELDS} form fields.`);
    case 'FST_PROTO_VIOLATION':
      return ValidationError.field('body', 'A form field name is not allowed.');
    case 'FST_MP_PREMATURE_CLOSE':
      return ValidationError.field('body', 'The upload ended before the form was complete.');
    default:
      return error;
  }
}

/** Reads the whole form of a document upload. Throws 415 for a non-multipart body, 400 for one that cannot be read, 413 past `maxBytes`. */
export async function receiveUpload(request: FastifyRequest, maxBytes: number): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new UnsupportedMediaTypeError('Unsupported media type. Send multipart/form-data.');
  const fields: UploadFields = {};
  let file: ReceivedFile | null = null;
  const discard = async () => {
    if (file) await rm(file.path, { force: true });
  };
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: MAX_FIELDS, parts: MAX_FIELDS + 1, fieldSize: MAX_FIELD_BYTES },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw ValidationError.field(part.fieldname, 'Only the file field may carry a file.');
        }
        file = await receiveFile(part, maxBytes);
      } else {
        const field = part as MultipartValue<unknown>;
        if (field.valueTruncated) {
          throw ValidationError.field(
            field.fieldname,
            `The ${field.fieldname} field must not be greater than ${MAX_FIELD_BYTES} bytes.`,
          );
        }
        addField(fields, field.fieldname, String(field.value));
      }
    }
  } catch (error) {
    await discard();
    throw multipartError(error, maxBytes);
  }
  return { fields, file, discard };
}
