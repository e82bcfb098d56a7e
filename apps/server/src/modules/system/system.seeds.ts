import {
  APP_LOGO_PROPERTY,
  APP_NAME_PROPERTY,
  AUDIT_RETENTION_DAYS_PROPERTY,
  DEFAULT_APP_NAME,
  KNOWN_PROPERTIES,
  MENU,
  REGISTER_REVIEW_PROPERTY,
  SETUP_DISMISSED_PROPERTY,
  SMS_DEFAULT_TEMPLATE_PARAM,
  SMS_ENABLED_PROPERTY,
  SMS_PROPERTY,
  menuPropertyCode,
} from '@agent-platform/contracts';
import type { NewProperty } from './system.repo.js';

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f7cff"/><stop offset="1" stop-color="#7b4dff"/></linearGradient></defs><rect width="64" height="64" rx="14" fill="url(#g)"/><rect x="14" y="20" width="36" height="28" rx="9" fill="#fff"/><circle cx="25" cy="34" r="4" fill="#4f7cff"/><circle cx="39" cy="34" r="4" fill="#7b4dff"/><rect x="30" y="10" width="4" height="10" rx="2" fill="#fff"/><circle cx="32" cy="10" r="3" fill="#fff"/></svg>`;

/** How long the audit log keeps entries unless an administrator says otherwise. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 180;

export const DEFAULT_LOGO = `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`;

/** What a fresh installation starts with; existing properties are never overwritten. */
export function defaultProperties(): NewProperty[] {
  const menu = MENU.flatMap((group) => [
    { code: menuPropertyCode(group.key), name: `菜单：${group.label}`, defaultValue: group.label, description: '侧边栏分组名称，留空则隐藏整个分组' },
    ...group.children.map((leaf) => ({
      code: menuPropertyCode(leaf.key),
      name: `菜单：${group.label} / ${leaf.label}`,
      defaultValue: leaf.label,
      description: `侧边栏菜单 ${leaf.path} 的名称，留空则隐藏`,
    })),
  ]);
  const known = (code: string, defaultValue: string | null): NewProperty => ({ code, name: KNOWN_PROPERTIES[code]!.name, defaultValue, description: KNOWN_PROPERTIES[code]!.description });
  return [
    known(APP_NAME_PROPERTY, DEFAULT_APP_NAME),
    known(APP_LOGO_PROPERTY, DEFAULT_LOGO),
    known(SMS_ENABLED_PROPERTY, 'false'),
    known(REGISTER_REVIEW_PROPERTY, 'false'),
    known(SETUP_DISMISSED_PROPERTY, 'false'),
    known(AUDIT_RETENTION_DAYS_PROPERTY, String(DEFAULT_AUDIT_RETENTION_DAYS)),
    // The SMS provider: empty values mean the server's configuration (SMS_PROVIDER) and the vendors' defaults.
    ...[SMS_PROPERTY.provider, SMS_PROPERTY.endpoint, SMS_PROPERTY.region, SMS_PROPERTY.signName, SMS_PROPERTY.templateCode, SMS_PROPERTY.sdkAppId, SMS_PROPERTY.accessKeyId].map((code) =>
      known(code, ''),
    ),
    known(SMS_PROPERTY.templateParam, SMS_DEFAULT_TEMPLATE_PARAM),
    known(SMS_PROPERTY.accessKeySecret, null),
    ...menu,
  ];
}
