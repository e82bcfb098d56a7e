import type { ToolAuthScheme, ToolAuthType, ToolCredential, ToolCredentialMode, ToolCredentialShown } from '@agent-platform/contracts';

/** The auth part of the import and tool-set forms: the scheme, whose secret it is, and the secret. */
export interface CredentialDraft {
  type: ToolAuthType;
  in: 'header' | 'query';
  name: string;
  mode: ToolCredentialMode;
  username: string;
  secret: string;
}

/** From a scheme (the document's, or a stored set's) and the credential answered for it (masked). */
export function credentialDraftOf(auth: ToolAuthScheme, mode: ToolCredentialMode = 'shared', shown?: ToolCredentialShown | null): CredentialDraft {
  return {
    type: auth.type,
    in: auth.type === 'api_key' ? auth.in : 'header',
    name: auth.type === 'api_key' ? auth.name : 'X-API-Key',
    mode,
    username: shown?.username ?? '',
    secret: shown?.secret ?? '',
  };
}

export function schemeOf(draft: CredentialDraft): ToolAuthScheme {
  if (draft.type === 'api_key') return { type: 'api_key', in: draft.in, name: draft.name.trim() };
  return { type: draft.type } as ToolAuthScheme;
}

/** The credential to send: none without a scheme or a secret (a shared set may get its secret later). */
export function credentialOf(draft: CredentialDraft): ToolCredential | undefined {
  if (draft.type === 'none' || !draft.secret) return undefined;
  return { secret: draft.secret, ...(draft.type === 'basic' ? { username: draft.username.trim() } : {}) };
}

/** What the form still lacks, in Chinese; null when it can be sent. */
export function credentialProblem(draft: CredentialDraft): string | null {
  if (draft.type === 'api_key' && !draft.name.trim()) return '请输入 API Key 参数名';
  if (draft.type === 'basic' && draft.secret && !draft.username.trim()) return 'Basic 认证需要填写用户名';
  return null;
}
