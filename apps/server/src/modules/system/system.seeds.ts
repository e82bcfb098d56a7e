import {
  APP_LOGO_PROPERTY,
  APP_NAME_PROPERTY,
  DEFAULT_APP_NAME,
  MENU,
  REGISTER_REVIEW_PROPERTY,
  SETUP_DISMISSED_PROPERTY,
  SMS_ENABLED_PROPERTY,
  menuPropertyCode,
} from '@agent-platform/contracts';
import type { NewProperty } from './system.repo.js';

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f7cff"/><stop offset="1" stop-color="#7b4dff"/></linearGradient></defs><rect width="64" height="64" rx="14" fill="url(#g)"/><rect x="14" y="20" width="36" height="28" rx="9" fill="#fff"/><circle cx="25" cy="34" r="4" fill="#4f7cff"/><circle cx="39" cy="34" r="4" fill="#7b4dff"/><rect x="30" y="10" width="4" height="10" rx="2" fill="#fff"/><circle cx="32" cy="10" r="3" fill="#fff"/></svg>`;

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
  return [
    { code: APP_NAME_PROPERTY, name: '应用名称', defaultValue: DEFAULT_APP_NAME, description: '显示在侧边栏、登录页和浏览器标题中' },
    { code: APP_LOGO_PROPERTY, name: '应用 Logo', defaultValue: DEFAULT_LOGO, description: '图片地址或 data URL' },
    { code: SMS_ENABLED_PROPERTY, name: '短信验证码', defaultValue: 'false', description: '为 true 时注册需要手机验证码' },
    { code: REGISTER_REVIEW_PROPERTY, name: '注册审核', defaultValue: 'false', description: '为 true 时新注册的账号需管理员审核后才能登录' },
    { code: SETUP_DISMISSED_PROPERTY, name: '入门清单已关闭', defaultValue: 'false', description: '为 true 时管理员不再看到侧边栏的入门清单（添加模型 → 创建智能体 → 对话）' },
    ...menu,
  ];
}
