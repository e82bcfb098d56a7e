import type { HttpToolConfig, ToolAuth, ToolParamLocation } from '@agent-platform/contracts';
import { badInput } from '../../../core/index.js';

const PLACEHOLDER = /\{([^{}/]+)\}/g;

export const placeholdersOf = (url: string) => [...url.matchAll(PLACEHOLDER)].map((match) => match[1]!);

/** Where an input property goes: as configured, else path for URL placeholders, query for GET/DELETE, JSON body otherwise. */
export function locationOf(config: Pick<HttpToolConfig, 'method' | 'url' | 'params'>, name: string): ToolParamLocation {
  const given = config.params[name];
  if (given) return given;
  if (placeholdersOf(config.url).includes(name)) return 'path';
  return config.method === 'GET' || config.method === 'DELETE' ? 'query' : 'body';
}

/** The URL template and the mapping must agree with the input schema's properties. */
export function checkHttpConfig(config: HttpToolConfig, inputSchema: Record<string, unknown>): void {
  const properties = Object.keys((inputSchema.properties as Record<string, unknown> | undefined) ?? {});
  for (const name of placeholdersOf(config.url)) {
    if (!properties.includes(name)) throw badInput(`接口地址中的 {${name}} 在输入参数中没有定义`);
  }
  for (const [name, location] of Object.entries(config.params)) {
    if (!properties.includes(name)) throw badInput(`参数映射中的「${name}」在输入参数中没有定义`);
    if (location === 'path' && !placeholdersOf(config.url).includes(name)) throw badInput(`参数「${name}」映射到路径，但接口地址中没有 {${name}}`);
  }
  if (Object.values(config.params).filter((location) => location === 'body_whole').length > 1) throw badInput('只能有一个参数作为整个请求体');
  try {
    new URL(config.url.replace(PLACEHOLDER, 'x'));
  } catch {
    throw badInput('接口地址格式不正确');
  }
}

/** The secret of an auth setting, apart from what may be stored in the open. */
export function splitSecret(auth: ToolAuth): { open: Record<string, unknown>; secret: string | null } {
  switch (auth.type) {
    case 'api_key': {
      const { value, ...open } = auth;
      return { open, secret: value };
    }
    case 'bearer':
      return { open: { type: 'bearer' }, secret: auth.token };
    case 'basic': {
      const { password, ...open } = auth;
      return { open, secret: password };
    }
    default:
      return { open: { type: 'none' }, secret: null };
  }
}

const SECRET_FIELD: Partial<Record<ToolAuth['type'], string>> = { api_key: 'value', bearer: 'token', basic: 'password' };

/** The auth setting with its secret put back (the real one to call, or a masked one to show). */
export function withSecret(open: Record<string, unknown>, secret: string | null): ToolAuth {
  const field = SECRET_FIELD[open.type as ToolAuth['type']];
  return (field ? { ...open, [field]: secret ?? '' } : { type: 'none' }) as ToolAuth;
}

export const secretFieldOf = (auth: { type: string }) => SECRET_FIELD[auth.type as ToolAuth['type']];
