export const SYSTEM_TITLES = { account: '账号管理', property: '系统属性', ui: '界面设置', summary: '系统概览' } as const;
