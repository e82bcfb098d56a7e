import type { ThemeMode } from '../stores/preference';

/** Chinese strings of the shared UI. */
export const COMMON_TEXT = {
  loading: '加载中...',
  backHome: '返回首页',
  refresh: '刷新页面',
  themeToggle: '切换主题',
  fullscreenEnter: '全屏',
  fullscreenExit: '退出全屏',
  pendingTitle: '该页面尚未开放',
  pendingDescription: (title: string) => `「${title}」功能正在建设中，敬请期待。`,
  forbiddenTitle: '无权访问',
  forbiddenDescription: '抱歉，只有管理员可以访问此页面',
  confirm: '确定',
  cancel: '取消',
  delete: '删除',
  total: (count: number) => `共 ${count} 条`,
} as const;

export const THEME_MODE_LABELS: Record<ThemeMode, string> = {
  light: '浅色',
  dark: '深色',
  system: '跟随系统',
};
