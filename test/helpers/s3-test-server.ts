// A real S3 protocol server on localhost (s3rver, a dev dependency) for the storage and HTTP tests.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../src/modules/documents/storage/document-storage.js';

export interface TestS3Server {
  config: S3StorageConfig;
  close(): Promise<void>;
}

const BUCKET = 'documents';
const CREDENTIAL = 'S3RVER'; // the only key pair s3rver accepts

/** Starts an empty server with one bucket on a free port; `close` stops it and deletes its files. */
export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'qm-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  return {
    config: {
      kind: 's3',
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: CREDENTIAL,
      secretAccessKey: CREDENTIAL,
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
