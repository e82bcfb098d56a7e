import { toolAuthScheme, type ToolAuth } from '@agent-platform/contracts';
import type { Db } from '../../../platform/db/index.js';
import { storedJson, type Viewer } from '../../../core/index.js';
import { authWith, type CredentialBox } from './credentials.js';
import { findProvider, findUserCredential } from './provider.repo.js';

/** A tool set's scheme (`tool_providers.auth`): no secret in it. */
export const storedProviderAuth = storedJson('tool provider auth', { version: 1, schema: toolAuthScheme });

/** The auth a call sends, or the Chinese reason the call cannot be made (the model and the page read it). */
export type ProviderAuth = { auth: ToolAuth } | { problem: string };

export interface ProviderAuthResolver {
  /** What the viewer's calls of this set's tools send: the shared credential, or the viewer's own. */
  authFor(viewer: Viewer, providerId: string): Promise<ProviderAuth>;
}

const missingOwnCredential = (title: string) => `工具集「${title}」要求每位用户使用自己的认证密钥，你还没有填写：请到「工具 → API 工具 → 工具集「${title}」」页面的「我的凭据」中添加后重试`;

export function createProviderAuth({ db, box }: { db: Db; box: CredentialBox }): ProviderAuthResolver {
  return {
    async authFor(viewer, providerId) {
      const provider = await findProvider(db, providerId);
      if (!provider) return { problem: '工具所属的工具集已被删除' };
      const scheme = storedProviderAuth.read(provider.auth);
      if (scheme.type === 'none') return { auth: { type: 'none' } };
      const perUser = provider.credentialMode === 'per_user';
      const sealed = perUser ? await findUserCredential(db, providerId, viewer.id) : provider.credentialSealed;
      if (!sealed) return { problem: perUser ? missingOwnCredential(provider.title) : `工具集「${provider.title}」还没有填写认证密钥，请联系创建者在工具集页面填写` };
      const credential = box.open(sealed);
      if (!credential) return { problem: `工具集「${provider.title}」的认证密钥无法解密（服务器密钥已更换），请重新填写` };
      return { auth: authWith(scheme, credential) };
    },
  };
}
