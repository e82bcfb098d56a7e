import { z } from 'zod';
import { looksMasked, maskSecret, type ToolAuth, type ToolAuthScheme, type ToolCredential, type ToolCredentialShown } from '@agent-platform/contracts';
import { badInput, storedJson } from '../../../core/index.js';
import type { SecretBox } from '../../../platform/security/index.js';
import { maskedSecretGiven } from '../tool.errors.js';

/** What a sealed credential holds once opened. */
interface OpenCredential {
  username: string;
  secret: string;
}

const sealedCredential = storedJson('tool credential', { version: 1, schema: z.object({ username: z.string(), secret: z.string() }) });

/** The auth a request sends: the scheme with a credential's secret put in. */
export function authWith(scheme: ToolAuthScheme, credential: OpenCredential): ToolAuth {
  switch (scheme.type) {
    case 'api_key':
      return { ...scheme, value: credential.secret };
    case 'bearer':
      return { type: 'bearer', token: credential.secret };
    case 'basic':
      return { type: 'basic', username: credential.username, password: credential.secret };
    default:
      return { type: 'none' };
  }
}

export type CredentialBox = ReturnType<typeof createCredentialBox>;

/** Credentials sealed with the server's SECRET_KEY as JSON, answered only masked. */
export function createCredentialBox(secrets: SecretBox) {
  const seal = (credential: OpenCredential) => secrets.seal(JSON.stringify(sealedCredential.write(credential)));

  /** `undefined` when another SECRET_KEY sealed it. */
  function open(sealed: string): OpenCredential | undefined {
    let text: string;
    try {
      text = secrets.open(sealed);
    } catch {
      return undefined;
    }
    return sealedCredential.read(JSON.parse(text));
  }

  return {
    open,
    shown(sealed: string | null): ToolCredentialShown | null {
      if (!sealed) return null;
      const credential = open(sealed);
      // Sealed with another SECRET_KEY: still "a secret is set".
      return credential ? { username: credential.username, secret: maskSecret(credential.secret) } : { username: '', secret: '****' };
    },
    /** A credential from a form, sealed: the masked stored secret sent back keeps the stored one (its username may change). */
    sealFrom(scheme: ToolAuthScheme, given: ToolCredential, stored: string | null): string {
      const username = given.username ?? '';
      if (scheme.type === 'basic' && !username) throw badInput('Basic 认证需要填写用户名');
      if (!looksMasked(given.secret)) return seal({ username, secret: given.secret });
      const kept = stored ? open(stored) : undefined;
      if (!kept || maskSecret(kept.secret) !== given.secret) throw maskedSecretGiven();
      return seal({ username, secret: kept.secret });
    },
  };
}
