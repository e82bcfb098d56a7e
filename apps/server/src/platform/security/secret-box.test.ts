import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretKeyMismatchError, createSecretBox, loadOrCreateKeyFile, parseSecretKey } from './secret-box.js';

const KEY = Buffer.alloc(32, 7);

describe('SecretBox', () => {
  it('seals to something else each time and opens back to the plaintext', () => {
    const box = createSecretBox(KEY);
    const a = box.seal('sk-test-123456');
    const b = box.seal('sk-test-123456');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-test');
    expect(a).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(box.open(a)).toBe('sk-test-123456');
    expect(box.open(box.seal('密钥🔑'))).toBe('密钥🔑');
  });

  it('refuses a value sealed with another key, and a tampered value', () => {
    const sealed = createSecretBox(KEY).seal('secret');
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow(SecretKeyMismatchError);
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => createSecretBox(KEY).open(tampered)).toThrow();
    expect(() => createSecretBox(KEY).open('plain text')).toThrow('not a sealed secret');
  });

  it('reads SECRET_KEY as hex or base64 of 32 bytes, nothing weaker', () => {
    expect(parseSecretKey('ab'.repeat(32))?.length).toBe(32);
    expect(parseSecretKey(KEY.toString('base64'))?.equals(KEY)).toBe(true);
    expect(parseSecretKey('short')).toBeUndefined();
    expect(parseSecretKey('x'.repeat(64))).toBeUndefined();
  });

  it('creates the key file once, with mode 0600, and reads it afterwards', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-box-'));
    try {
      const file = path.join(dir, 'nested', 'secret.key');
      const first = loadOrCreateKeyFile(file);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(loadOrCreateKeyFile(file).equals(first)).toBe(true);
      fs.chmodSync(file, 0o644);
      loadOrCreateKeyFile(file);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
