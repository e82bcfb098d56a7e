import {
  APP_LOGO_PROPERTY,
  APP_NAME_PROPERTY,
  AUDIT_RETENTION_DAYS_PROPERTY,
  MENU_PROPERTY_PREFIX,
  REGISTER_REVIEW_PROPERTY,
  SETUP_DISMISSED_PROPERTY,
  SMS_ENABLED_PROPERTY,
} from './properties.js';
import { SMS_PROPERTY, SMS_PROVIDER_KINDS } from './sms-providers.js';

/**
 * How a property's value is read and edited: a switch, a number, text, JSON, an image data URL, or a
 * secret (stored sealed, written but never answered back).
 */
export type PropertyValueType = 'boolean' | 'number' | 'text' | 'json' | 'image' | 'secret';

export interface KnownProperty {
  name: string;
  type: PropertyValueType;
  description: string;
  /** Numbers only: the accepted range (integers). */
  min?: number;
  max?: number;
  /** Text only: the values it may take (besides none). */
  options?: readonly string[];
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
  [SMS_PROPERTY.provider]: {
    name: '短信服务商',
    type: 'text',
    options: SMS_PROVIDER_KINDS,
    description: 'log（仅写日志）、webhook、aliyun（阿里云短信）或 tencent（腾讯云短信）；留空则按服务器配置 SMS_PROVIDER',
  },
  [SMS_PROPERTY.endpoint]: {
    name: '短信接口地址',
    type: 'text',
    description: '留空使用服务商的公网地址（阿里云 https://dysmsapi.aliyuncs.com，腾讯云 https://sms.tencentcloudapi.com）；webhook 时为接收 POST 的地址',
  },
  [SMS_PROPERTY.region]: { name: '短信地域', type: 'text', description: '阿里云 RegionId（默认 cn-hangzhou）或腾讯云地域（默认 ap-guangzhou）' },
  [SMS_PROPERTY.signName]: { name: '短信签名', type: 'text', description: '在服务商控制台审核通过的签名名称，如「某某科技」' },
  [SMS_PROPERTY.templateCode]: { name: '短信模板', type: 'text', description: '验证码模板：阿里云为模板 CODE（如 SMS_123456789），腾讯云为模板 ID（数字）' },
  [SMS_PROPERTY.templateParam]: { name: '模板变量名', type: 'text', description: '阿里云模板中接收验证码的变量名（默认 code，对应 ${code}）；腾讯云按顺序填入 {1}' },
  [SMS_PROPERTY.sdkAppId]: { name: '腾讯云短信应用 ID', type: 'text', description: '腾讯云短信控制台中应用的 SdkAppId（如 1400000000），仅腾讯云需要' },
  [SMS_PROPERTY.accessKeyId]: { name: '短信 AccessKey ID', type: 'text', description: '阿里云 AccessKey ID 或腾讯云 SecretId' },
  [SMS_PROPERTY.accessKeySecret]: { name: '短信 AccessKey Secret', type: 'secret', description: '阿里云 AccessKey Secret 或腾讯云 SecretKey；加密保存，只能写入，不会再显示' },
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
    case 'text':
      return known.options && !known.options.includes(value) ? `${label}只能是 ${known.options.join('、')} 之一` : null;
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
