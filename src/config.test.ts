// DOCUMENT_STORAGE and the S3_* variables: parsed once at start, refused with a message naming the variable.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('document storage configuration', () => {
  it('keeps documents under DATA_DIR by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/qm' }).documentStorage).toEqual({
      kind: 'local',
      directory: path.join('/srv/qm', 'documents'),
    });
  });

  it('reads an S3-compatible store with path-style addressing when an endpoint is given', () => {
    const config = loadConfig({
      DOCUMENT_STORAGE: 'S3',
      S3_BUCKET: 'docs',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.documentStorage).toEqual({
      kind: 's3',
      bucket: 'docs',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('uses virtual-host addressing and the default credential chain for AWS itself', () => {
    const config = loadConfig({ DOCUMENT_STORAGE: 's3', S3_BUCKET: 'docs', S3_REGION: 'eu-west-1' });
    expect(config.documentStorage).toMatchObject({
      kind: 's3',
      region: 'eu-west-1',
      endpoint: null,
      accessKeyId: null,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ DOCUMENT_STORAGE: 'ftp' }, 'DOCUMENT_STORAGE must be local or s3'],
    [{ DOCUMENT_STORAGE: 's3' }, 'S3_BUCKET is required'],
    [
      { DOCUMENT_STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' },
      'S3_ENDPOINT must be an http:// or https:// URL',
    ],
    [{ DOCUMENT_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-the-key' }, 'set together'],
    [
      { DOCUMENT_STORAGE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' },
      'S3_FORCE_PATH_STYLE must be true or false',
    ],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('answer cache configuration', () => {
  it('gives the catalog answers 16 MB by default, ANSWER_CACHE_MB otherwise, and 0 turns them off', () => {
    expect(loadConfig({}).answerCacheBytes).toBe(16 * 1024 * 1024);
    expect(loadConfig({ ANSWER_CACHE_MB: '64' }).answerCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ ANSWER_CACHE_MB: '0' }).answerCacheBytes).toBe(0);
  });

  it('refuses a budget that is not a whole number of megabytes, naming the variable', () => {
    expect(() => loadConfig({ ANSWER_CACHE_MB: '1.5' })).toThrow(ConfigError);
    expect(() => loadConfig({ ANSWER_CACHE_MB: '-1' })).toThrow(/ANSWER_CACHE_MB/);
  });
});

describe('scheduled backup configuration', () => {
  it('takes no backups without BACKUP_DIR, and reads the interval and the count kept with it', () => {
    expect(loadConfig({}).backups).toBeNull();
    expect(loadConfig({ BACKUP_DIR: '/var/backups/qm' }).backups).toEqual({
      directory: '/var/backups/qm',
      everyMs: 24 * 3_600_000,
      keep: 7,
    });
    expect(loadConfig({ BACKUP_DIR: 'backups', BACKUP_EVERY: '30m', BACKUP_KEEP: '48' }).backups).toEqual({
      directory: path.resolve('backups'),
      everyMs: 30 * 60_000,
      keep: 48,
    });
    expect(loadConfig({ BACKUP_DIR: '/b', BACKUP_EVERY: '2D' }).backups?.everyMs).toBe(2 * 86_400_000);
  });

  it.each([
    [{ BACKUP_EVERY: '90' }, 'BACKUP_EVERY must be a whole number of minutes, hours or days'],
    [{ BACKUP_EVERY: '1.5h' }, 'BACKUP_EVERY must be'],
    [{ BACKUP_EVERY: '0m' }, 'between 1m and 365d, got "0m"'],
    [{ BACKUP_EVERY: '366d' }, 'BACKUP_EVERY must be'],
    [{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP must be an integer between 1 and 10000'],
  ])('refuses %o, even without BACKUP_DIR', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
