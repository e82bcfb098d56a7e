import {
  APP_LOGO_PROPERTY,
  APP_NAME_PROPERTY,
  AUDIT_RETENTION_DAYS_PROPERTY,
  MENU_PROPERTY_PREFIX,
  REGISTER_REVIEW_PROPERTY,
  SETUP_DISMISSED_PROPERTY,
  SMS_ENABLED_PROPERTY,
} from './properties.js';

/** How a property's value is read and edited: a switch, a number, text, JSON, or an image data URL. */
export type PropertyValueType = 'boolean' | 'number' | 'text' | 'json' | 'image';

export interface KnownProperty {
  name: string;
  type: PropertyValueType;
  description: string;
  /** Numbers only: the accepted range (integers). */
  min?: number;
  max?: number;
}

/** The logo: PNG, JPEG or SVG, at most this many bytes before encoding. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

/** The properties the platform reads, with what they mean: the property page explains and checks them from here. */
export const KNOWN_PROPERTIES: Record<string, KnownProperty> = {
  [APP_NAME_PROPERTY]: { name: '应用名称', type: 'text', description: '显示在侧边栏、登录页和浏览器标题中' },
  [APP_LOGO_PROPERTY]: { name: '应用 Logo', type: 'image', description: 'PNG、JPEG 或 SVG 图片（不超过 512 KB）的 data URL，在「界面设置」页上传；SVG 保存前会移除脚本、事件属性和外部引用' },
  [SMS_ENABLED_PROPERTY]: { name: '短信验证码', type: 'boolean', description: '开启后注册需要填写手机验证码' },
  [REGISTER_REVIEW_PROPERTY]: { name: '注册审核', type: 'boolean', description: '开启后新注册的账号需管理员审核通过才能登录' },
  [SETUP_DISMISSED_PROPERTY]: { name: '入门清单已关闭', type: 'boolean', description: '开启后管理员不再看到侧边栏的入门清单（添加模型 → 创建智能体 → 对话）' },
  [AUDIT_RETENTION_DAYS_PROPERTY]: { name: '审计日志保留天数', type: 'number', min: 1, max: 3650, description: '审计日志保留的天数，更早的记录由定期维护任务删除' },
};

const MENU_ENTRY: KnownProperty = { name: '菜单名称', type: 'text', description: '侧边栏菜单的名称，留空则隐藏该菜单' };

export function knownPropertyOf(code: string): KnownProperty | undefined {
  return KNOWN_PROPERTIES[code] ?? (code.startsWith(MENU_PROPERTY_PREFIX) ? MENU_ENTRY : undefined);
}

/** A known property's type; otherwise guessed from its value, so an editor fits what is stored. */
export function propertyTypeOf(code: string, value: string | null | undefined): PropertyValueType {
  const known = knownPropertyOf(code);
  if (known) return known.type;
  const text = (value ?? '').trim();
  if (text === 'true' || text === 'false') return 'boolean';
  if (/^-?\d+(\.\d+)?$/.test(text)) return 'number';
  if (/^[[{]/.test(text)) return 'json';
  return 'text';
}

/** Why a value does not fit a known property (Chinese), or null when it fits. Null and '' (no value) always fit. */
export function propertyValueProblem(code: string, value: string | null | undefined): string | null {
  const known = knownPropertyOf(code);
  if (!known || value === null || value === undefined || value === '') return null;
  const label = `${known.name}（${code}）`;
  switch (known.type) {
    case 'boolean':
      return value === 'true' || value === 'false' ? null : `${label}只能是 true 或 false`;
    case 'number': {
      const number = Number(value);
      if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(number)) return `${label}必须是整数`;
      if ((known.min !== undefined && number < known.min) || (known.max !== undefined && number > known.max)) return `${label}必须在 ${known.min} 到 ${known.max} 之间`;
      return null;
    }
    case 'json': {
      const problem = jsonProblem(value);
      return problem && `${label}不是有效的 JSON：${problem}`;
    }
    default:
      return null;
  }
}

/** The parser's complaint about a JSON text, or null when it parses. */
export function jsonProblem(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
