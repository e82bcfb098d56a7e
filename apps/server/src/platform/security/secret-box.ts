import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Encrypts secrets at rest (model API keys, data-source passwords) with AES-256-GCM. A sealed value
 * is `v1.<key id>.<base64url(iv | tag | ciphertext)>`: the key id names the key that sealed it, so a
 * changed `SECRET_KEY` is reported as such instead of as corrupt data.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  /** Throws `SecretKeyMismatchError` when another key sealed the value, `Error` when it is corrupt. */
  open(sealed: string): string;
}

export class SecretKeyMismatchError extends Error {
  constructor() {
    super('this secret was encrypted with another SECRET_KEY');
    this.name = 'SecretKeyMismatchError';
  }
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== SECRET_KEY_BYTES) throw new Error(`secret key must be ${SECRET_KEY_BYTES} bytes`);
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}.${keyId}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
    },
    open(sealed) {
      const [version, sealedBy, payload] = sealed.split('.');
      if (version !== VERSION || !sealedBy || payload === undefined) throw new Error('not a sealed secret');
      if (sealedBy !== keyId) throw new SecretKeyMismatchError();
      const bytes = Buffer.from(payload, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/** `SECRET_KEY` as 64 hex characters or base64 of 32 bytes; `undefined` when it is neither. */
export function parseSecretKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  const decoded = Buffer.from(value, 'base64');
  return decoded.length === SECRET_KEY_BYTES && /^[A-Za-z0-9+/_-]+=*$/.test(value) ? decoded : undefined;
}

/**
 * The key in `file`, created (random, mode 0600) on first use. Two processes starting together on
 * one machine agree: only one can create the file, the other reads it.
 */
export function loadOrCreateKeyFile(file: string): Buffer {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(SECRET_KEY_BYTES).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const key = parseSecretKey(waitForContent(file));
  if (!key) throw new Error(`${file} 不是有效的密钥（应为 64 位十六进制）`);
  return key;
}

/** The creating process may not have written the key yet when another process reads it. */
function waitForContent(file: string): string {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const text = fs.readFileSync(file, 'utf8');
    if (text.trim() !== '') return text;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
  return '';
}

/** The box the server uses: `SECRET_KEY` when set, otherwise the key file (created on first start). */
export function openSecretBox(secretKey: string | undefined, keyFile: string): SecretBox {
  const key = secretKey ? parseSecretKey(secretKey) : loadOrCreateKeyFile(keyFile);
  if (!key) throw new Error('SECRET_KEY 必须是 32 字节：64 位十六进制或 base64');
  return createSecretBox(key);
}
