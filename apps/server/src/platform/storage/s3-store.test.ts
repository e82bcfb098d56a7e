import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, BlobTooLargeError, createS3BlobStore, type BlobStore } from './index.js';

/** Just enough of S3 on 127.0.0.1 for the store: objects, multipart uploads, 404s, and a log of requests. */
function startFakeS3() {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, Map<number, Buffer>>();
  const requests: Array<{ method: string; url: string; authorization: string }> = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://x');
    const key = decodeURIComponent(url.pathname);
    requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization ?? '' });
    const uploadId = url.searchParams.get('uploadId');
    if (req.method === 'POST' && url.searchParams.has('uploads')) {
      const id = `upload-${uploads.size + 1}`;
      uploads.set(id, new Map());
      res.end(`<?xml version="1.0"?><InitiateMultipartUploadResult><Bucket>b</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
    } else if (req.method === 'PUT' && uploadId) {
      uploads.get(uploadId)!.set(Number(url.searchParams.get('partNumber')), body);
      res.setHeader('etag', `"${createHash('md5').update(body).digest('hex')}"`);
      res.end();
    } else if (req.method === 'POST' && uploadId) {
      const parts = [...uploads.get(uploadId)!.entries()].sort(([a], [b]) => a - b).map(([, part]) => part);
      objects.set(key, Buffer.concat(parts));
      uploads.delete(uploadId);
      res.end(`<?xml version="1.0"?><CompleteMultipartUploadResult><Key>${key}</Key><ETag>"x"</ETag></CompleteMultipartUploadResult>`);
    } else if (req.method === 'DELETE' && uploadId) {
      uploads.delete(uploadId);
      res.statusCode = 204;
      res.end();
    } else if (req.method === 'PUT') {
      objects.set(key, body);
      res.setHeader('etag', '"x"');
      res.end();
    } else if (req.method === 'GET' && objects.has(key)) {
      res.setHeader('content-length', String(objects.get(key)!.length));
      res.end(objects.get(key));
    } else if (req.method === 'GET') {
      res.statusCode = 404;
      res.setHeader('content-type', 'application/xml');
      res.end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.statusCode = 204;
      res.end();
    } else {
      res.statusCode = 400;
      res.end();
    }
  });
  return { server, objects, uploads, requests };
}

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('S3 blob store (against a fake S3 on 127.0.0.1)', () => {
  const fake = startFakeS3();
  let store: BlobStore;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    store = createS3BlobStore({ endpoint: `http://127.0.0.1:${port}`, bucket: 'bucket', region: 'us-east-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', forcePathStyle: true });
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  it('puts a small object in one signed, path-style request, reads it back and deletes it', async () => {
    const stored = await store.put('files/one', Readable.from([Buffer.from('hello s3')]), { maxBytes: 1000 });
    expect(stored).toEqual({ size: 8, sha256: createHash('sha256').update('hello s3').digest('hex') });
    expect(fake.objects.get('/bucket/files/one')?.toString()).toBe('hello s3');
    const put = fake.requests.find((request) => request.method === 'PUT')!;
    expect(put.url.split('?')[0]).toBe('/bucket/files/one');
    expect(put.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/);
    expect((await text(await store.get('files/one'))).toString()).toBe('hello s3');
    await store.delete('files/one');
    await expect(store.get('files/one')).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('sends a large object in parts', async () => {
    const size = 6 * 1024 * 1024 + 123;
    const stored = await store.put('files/big', Readable.from([Buffer.alloc(size, 7)]), { maxBytes: size });
    expect(stored.size).toBe(size);
    expect(fake.objects.get('/bucket/files/big')?.length).toBe(size);
    expect(fake.requests.some((request) => request.url.includes('partNumber=2'))).toBe(true);
  });

  it('an object over the limit fails and leaves no object and no open multipart upload', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 1);
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < 7; i += 1) yield chunk;
      })(),
    );
    await expect(store.put('files/too-big', source, { maxBytes: 6 * 1024 * 1024 })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(fake.objects.has('/bucket/files/too-big')).toBe(false);
    expect(fake.uploads.size).toBe(0);
  });
});
