import type { Theme, ThemeMode } from '../stores/preference';

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
  unsavedTitle: '有未保存的修改',
  unsavedDescription: '离开后本页的修改将丢失，确定离开吗？',
  unsavedLeave: '离开',
  unsavedStay: '留在本页',
  unsavedNote: '有未保存的修改',
} as const;

export const THEME_MODE_LABELS: Record<ThemeMode, string> = {
  light: '浅色',
  dark: '深色',
  system: '跟随系统',
};

const THEME_LABELS: Record<Theme, string> = { light: '浅色', dark: '深色' };

/** The theme button's tooltip: the current mode (and what "system" shows now), then what a click does. */
export function themeToggleHint(mode: ThemeMode, theme: Theme, next: ThemeMode): string {
  const current = mode === 'system' ? `${THEME_MODE_LABELS.system}（${THEME_LABELS[theme]}）` : THEME_MODE_LABELS[mode];
  return `当前主题：${current}，点击切换为${THEME_MODE_LABELS[next]}`;
}
