// Documents as objects in one S3 (or S3-compatible) bucket, the object key being the document key.
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  StoredObjectMissingError,
  assertStorageKey,
  type DocumentStorage,
  type S3StorageConfig,
} from './storage-rules.js';

function createClient(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // The SDK's default CRC32 trailers (since 3.729) are refused by many S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
}

/** A missing bucket is a configuration error and must not pass for a missing document. */
function isMissingObject(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === 'NoSuchKey') return true;
  return error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}

export class S3Storage implements DocumentStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StorageConfig) {
    this.client = createClient(config);
    this.bucket = config.bucket;
  }

  async put(key: string, sourcePath: string, options: { size: number; contentType: string }): Promise<void> {
    assertStorageKey(key);
    // Opening before the request makes an unreadable source a plain rejection instead of a request cut short.
    const body = (await open(sourcePath, 'r')).createReadStream();
    // The SDK pipes the body without listening for its errors: unheard, a read error would crash the process.
    const aborter = new AbortController();
    let readError: unknown;
    body.on('error', (error) => {
      readError = error;
      aborter.abort();
    });
    try {
      const command = new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentLength: options.size,
        ContentType: options.contentType,
      });
      await this.client.send(command, { abortSignal: aborter.signal });
    } catch (error) {
      throw readError ?? error;
    } finally {
      body.destroy();
    }
  }

  async open(key: string): Promise<Readable> {
    assertStorageKey(key);
    try {
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(Body instanceof Readable)) throw new Error(`S3 returned no readable body for "${key}".`);
      return Body;
    } catch (error) {
      throw isMissingObject(error) ? new StoredObjectMissingError(key) : error;
    }
  }

  async remove(key: string): Promise<void> {
    assertStorageKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      // S3 answers 204 for a missing key, but some compatible servers answer 404.
      if (!isMissingObject(error)) throw error;
    }
  }
}
