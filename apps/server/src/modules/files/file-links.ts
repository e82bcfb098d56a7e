import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export type LinkPurpose = 'signed' | 'share';

export interface FileLink {
  fileId: string;
  expiresAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Download links that work without a session: `<file id>.<expiry>.<HMAC>`. The HMAC key is derived
 * from the server's secret key, so every process accepts the others' links and nobody can forge one.
 */
export function createFileLinks(secretKey: Buffer) {
  const key = Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), 'file-download-links', 32));
  const macOf = (purpose: LinkPurpose, body: string) => createHmac('sha256', key).update(`${purpose}.${body}`).digest('base64url');

  return {
    sign(purpose: LinkPurpose, { fileId, expiresAt }: FileLink): string {
      const body = `${fileId}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}`;
      return `${body}.${macOf(purpose, body)}`;
    },

    /** The link's file and expiry when the signature holds and it has not expired; otherwise undefined. */
    verify(purpose: LinkPurpose, token: string, now = new Date()): FileLink | undefined {
      const [fileId, expiry, mac] = token.split('.');
      if (!fileId || !expiry || !mac || !UUID.test(fileId) || !/^[0-9a-z]{1,10}$/.test(expiry)) return undefined;
      const expected = Buffer.from(macOf(purpose, `${fileId}.${expiry}`));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const expiresAt = new Date(parseInt(expiry, 36) * 1000);
      return expiresAt > now ? { fileId, expiresAt } : undefined;
    },
  };
}

export type FileLinks = ReturnType<typeof createFileLinks>;
