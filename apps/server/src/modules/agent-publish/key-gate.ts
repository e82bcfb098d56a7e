import { AppError } from '../../core/index.js';
import { badBearer, missingBearer } from './agent-publish.errors.js';
import type { ApiKeyService, KeyHolder } from './api-key.service.js';
import type { createFailureThrottle } from './key-failure-throttle.js';

const BEARER = /^Bearer\s+(\S+)$/i;

export type KeyGate = ReturnType<typeof createKeyGate>;

/** The door every published face (OpenAI-compatible chat, MCP) goes through: the bearer key, with failures throttled per address. */
export function createKeyGate(keys: ApiKeyService, throttle: ReturnType<typeof createFailureThrottle>) {
  return {
    /** The holder of the key in `Authorization: Bearer …`; 40101 without one or with a bad one, 42901 after too many bad ones from `ip`. */
    async holderOf(ip: string, authorization: string | undefined): Promise<KeyHolder> {
      throttle.assertAllowed(ip);
      if (!authorization) throw missingBearer();
      const key = BEARER.exec(authorization)?.[1];
      try {
        if (!key || key.length > 200) throw badBearer();
        return await keys.authenticate(key);
      } catch (error) {
        if (error instanceof AppError && error.code === 'UNAUTHENTICATED') throttle.recordFailure(ip);
        throw error;
      }
    },
    /** A setup answers only while it is published; 40301 otherwise. */
    assertServable: (holder: KeyHolder) => keys.assertServable(holder),
    /** Records a use of the key (at most once a minute). */
    touch: (holder: KeyHolder) => keys.touch(holder.keyId),
  };
}
