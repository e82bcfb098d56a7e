import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { BlobTooLargeError, type StoredBlob } from './types.js';

/** A pass-through that counts and hashes the bytes, and fails once there are more than `maxBytes`. */
export class MeasuringStream extends Transform {
  // `#` fields: the S3 uploader reads a public `size` as the length of the whole body.
  readonly #hash = createHash('sha256');
  #bytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#bytes += chunk.length;
    if (this.#bytes > this.maxBytes) {
      callback(new BlobTooLargeError(this.maxBytes));
      return;
    }
    this.#hash.update(chunk);
    callback(null, chunk);
  }

  /** Only after the stream has ended. */
  result(): StoredBlob {
    return { size: this.#bytes, sha256: this.#hash.digest('hex') };
  }
}
