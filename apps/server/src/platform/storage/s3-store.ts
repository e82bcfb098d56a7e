import { Readable } from 'node:stream';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import { MeasuringStream } from './measure.js';
import { assertSafeKey, BlobNotFoundError, type BlobStore } from './types.js';

export interface S3StoreConfig {
  /** e.g. `http://127.0.0.1:9000` for MinIO; omitted means AWS S3 itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Bytes per multipart part, held in memory while it is sent (S3's minimum is 5 MiB). */
  partSize?: number;
}

const MIN_PART_SIZE = 5 * 1024 * 1024;

/** The AWS SDK (~20 MB resident once loaded) is loaded when a bucket is first used, not by every server. */
type S3Sdk = typeof ClientS3 & typeof LibStorage;
type S3Client = ClientS3.S3Client;

async function loadS3Sdk(): Promise<S3Sdk> {
  const [client, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { ...client, ...storage };
}

/** The S3 client for a store: only the checksums a request requires, so MinIO, OSS, COS … accept it. */
function createS3Client({ S3Client }: S3Sdk, config: S3StoreConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Blobs in an S3-compatible bucket. Uploads go up in parts (two at a time), so memory stays at a few
 * parts whatever the size; an upload that fails is aborted, leaving nothing under the key.
 */
export function createS3BlobStore(config: S3StoreConfig): BlobStore {
  const Bucket = config.bucket;
  let opened: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;
  const open = () => (opened ??= loadS3Sdk().then((sdk) => ({ sdk, client: createS3Client(sdk, config) })));
  return {
    async put(key, body, { maxBytes }) {
      assertSafeKey(key);
      const measure = new MeasuringStream(maxBytes);
      body.on('error', (error) => measure.destroy(error));
      const { sdk, client } = await open();
      const upload = new sdk.Upload({
        client,
        params: { Bucket, Key: key, Body: body.pipe(measure), ContentType: 'application/octet-stream' },
        queueSize: 2,
        partSize: Math.max(MIN_PART_SIZE, config.partSize ?? MIN_PART_SIZE),
        leavePartsOnError: false,
      });
      await upload.done();
      return measure.result();
    },

    async get(key, range) {
      assertSafeKey(key);
      const { sdk, client } = await open();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
        return answer.Body;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404)) {
          throw new BlobNotFoundError(key);
        }
        throw error;
      }
    },

    async delete(key) {
      assertSafeKey(key);
      const { sdk, client } = await open();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },

    async health() {
      const { sdk, client } = await open();
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
        return { store: 's3', location: Bucket };
      } catch (error) {
        throw new Error(`存储桶 ${Bucket} 无法访问：${bucketFailure(sdk, error)}`, { cause: error });
      }
    },
  };
}

/** Why a bucket cannot be reached, in Chinese: its HTTP status when S3 answered, the network's code when it did not. */
function bucketFailure({ S3ServiceException }: S3Sdk, error: unknown): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    if (status === 404) return '存储桶不存在（404）';
    if (status === 401 || status === 403) return `访问被拒绝（${status}），请检查访问密钥和权限`;
    return `服务返回 ${status ?? error.name}`;
  }
  const code = (error as { code?: unknown }).code;
  return `无法连接（${typeof code === 'string' ? code : error instanceof Error ? error.message : '网络错误'}）`;
}
