import path from 'node:path';
import type { Config } from '../../config.js';
import { createLocalBlobStore } from './local-store.js';
import { createS3BlobStore } from './s3-store.js';
import type { BlobStore } from './types.js';

export { BlobNotFoundError, BlobTooLargeError, type BlobStore, type ByteRange, type PutOptions, type StoredBlob, type StoreHealth } from './types.js';
export { createLocalBlobStore } from './local-store.js';
export { createS3BlobStore, type S3StoreConfig } from './s3-store.js';

/** The store the configuration names: a folder under DATA_DIR (default) or an S3-compatible bucket. */
export function createStore(config: Config): BlobStore {
  if (config.STORAGE === 's3') {
    return createS3BlobStore({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET ?? '',
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalBlobStore(config.STORAGE_DIR ? path.resolve(config.STORAGE_DIR) : path.join(config.dataDir, 'storage'));
}
