import { z } from 'zod';
import { httpToolConfig, looksMasked, maskSecret, TOOL_AUTH_TYPES } from '@agent-platform/contracts';
import { parseInput, storedJson } from '../../../core/index.js';
import { configuredAccess, type Outbound } from '../../../platform/net/index.js';
import type { SecretBox } from '../../../platform/security/index.js';
import { ToolFailure } from '../../../runtime/tools/index.js';
import { maskedSecretGiven } from '../tool.errors.js';
import type { ToolRow } from '../tool.repo.js';
import { checkedInputSchema, rowTool, type ToolSource } from '../tool-sources.js';
import type { ProviderAuth, ProviderAuthResolver } from '../provider/provider-auth.js';
import { checkHttpConfig, secretFieldOf, splitSecret, withSecret } from './http-config.js';
import { callHttpTool } from './http-tool.js';

const EMPTY_INPUT = { type: 'object', properties: {} };

/** Stored without its secret (sealed apart in `secret_sealed`): `auth` keeps only its open fields. */
const storedConfig = storedJson('http tool config', {
  version: 1,
  schema: httpToolConfig.extend({ auth: z.object({ type: z.enum(TOOL_AUTH_TYPES) }).loose() }),
});

/**
 * `kind: llm`: a custom HTTP API tool. The auth secret is sealed apart from the config; an operation of
 * a tool set calls with the set's credentials instead (the shared one, or the caller's own).
 */
export function httpToolSource({ outbound, secrets, providerAuth }: { outbound: Outbound; secrets: SecretBox; providerAuth: ProviderAuthResolver }): ToolSource {
  const openSecret = (sealed: string | null) => {
    try {
      return sealed ? secrets.open(sealed) : null;
    } catch {
      return undefined; // sealed with another SECRET_KEY
    }
  };
  const maskedOf = (sealed: string | null) => {
    try {
      return sealed ? maskSecret(secrets.open(sealed)) : '';
    } catch {
      return '****'; // sealed with another SECRET_KEY: still "a secret is set"
    }
  };

  function ownAuth(auth: Record<string, unknown>, row: ToolRow): ProviderAuth {
    const secret = openSecret(row.secretSealed);
    if (secret === undefined) return { problem: `工具「${row.title}」的认证密钥无法解密（服务器密钥已更换），请重新填写` };
    return { auth: withSecret(auth, secret) };
  }

  function sealedFor(secret: string | null, auth: Record<string, unknown>, stored: ToolRow | undefined): string | null | undefined {
    if (secret === null) return null;
    if (!looksMasked(secret)) return secrets.seal(secret);
    if (stored?.secretSealed && storedConfig.read(stored.config).auth.type === auth.type && secret === maskedOf(stored.secretSealed)) return undefined;
    throw maskedSecretGiven();
  }

  return {
    storedConfig,
    async prepare(_viewer, { config, inputSchema, stored }) {
      const parsed = parseInput(httpToolConfig, config);
      const schema = inputSchema ?? stored?.inputSchema ?? EMPTY_INPUT;
      checkedInputSchema(schema);
      checkHttpConfig(parsed, schema);
      const { open, secret } = splitSecret(parsed.auth);
      // A tool set's operation edited by hand keeps what its document said about credentials unless the edit says otherwise.
      const anonymous = parsed.anonymous ?? (stored?.providerId ? storedConfig.read(stored.config).anonymous : undefined);
      return { inputSchema: schema, config: { ...parsed, ...(anonymous ? { anonymous } : {}), auth: open }, secretSealed: sealedFor(secret, open, stored) };
    },
    show(row) {
      const config = storedConfig.read(row.config);
      return { ...config, auth: secretFieldOf(config.auth) ? withSecret(config.auth, maskedOf(row.secretSealed)) : { type: 'none' } };
    },
    async toTool(viewer, row, owner) {
      const config = storedConfig.read(row.config);
      const access = configuredAccess(owner.isAdmin, config.url);
      const resolved = !row.providerId ? ownAuth(config.auth, row) : config.anonymous ? { auth: { type: 'none' as const } } : await providerAuth.authFor(viewer, row.providerId);
      return rowTool(row, {
        timeoutMs: config.timeout_ms + 1_000,
        async execute(input, { signal }) {
          if ('problem' in resolved) throw new ToolFailure(resolved.problem);
          return callHttpTool(outbound, { ...config, auth: resolved.auth }, input, signal, access);
        },
      });
    },
  };
}
