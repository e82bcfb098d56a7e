import type { ToolAuthScheme } from '@agent-platform/contracts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One of the document's schemes as a tool set can send it, or why it cannot. */
function schemeOf(name: string, scheme: Json): ToolAuthScheme | string {
  if (scheme.type === 'apiKey') {
    if ((scheme.in === 'header' || scheme.in === 'query') && typeof scheme.name === 'string' && scheme.name.trim()) return { type: 'api_key', in: scheme.in, name: scheme.name.trim() };
    return `认证方式「${name}」把 API Key 放在 ${String(scheme.in ?? '未知位置')}，暂只支持请求头或查询参数，已忽略`;
  }
  if (scheme.type === 'http' && typeof scheme.scheme === 'string') {
    const kind = scheme.scheme.toLowerCase();
    if (kind === 'bearer') return { type: 'bearer' };
    if (kind === 'basic') return { type: 'basic' };
    return `认证方式「${name}」（HTTP ${scheme.scheme}）暂不支持，已忽略`;
  }
  return `认证方式「${name}」（${String(scheme.type ?? '未知')}）暂不支持，已忽略；可在工具集中改用 API Key、Bearer Token 或 Basic 认证`;
}

/**
 * The auth scheme of a document (`components.securitySchemes`): the first one its top-level
 * `security` asks for that tools can send, else the first declared one they can; notes say what was
 * left aside. `deref` resolves a `$ref` scheme.
 */
export function authSchemeOf(document: Json, deref: (value: unknown) => unknown): { auth: ToolAuthScheme; notes: string[] } {
  const components = isObject(document.components) ? document.components : {};
  const declared = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const required = (Array.isArray(document.security) ? document.security : []).filter(isObject).flatMap((requirement) => Object.keys(requirement));
  const order = [...new Set([...required.filter((name) => name in declared), ...Object.keys(declared)])];
  const notes: string[] = [];
  for (const name of order) {
    const scheme = deref(declared[name]);
    if (!isObject(scheme)) continue;
    const found = schemeOf(name, scheme);
    if (typeof found !== 'string') return { auth: found, notes };
    notes.push(found);
  }
  return { auth: { type: 'none' }, notes };
}
