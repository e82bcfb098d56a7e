import { describe, expect, it } from 'vitest';
import { NEXT_THEME_MODE } from '../stores/preference';
import { themeToggleHint } from './constants';

describe('the theme button says where it is and where a click goes', () => {
  it('keeps the cycle light → dark → system → light', () => {
    expect(NEXT_THEME_MODE).toEqual({ light: 'dark', dark: 'system', system: 'light' });
  });

  it('names the current mode and the next one', () => {
    expect(themeToggleHint('light', 'light', 'dark')).toBe('当前主题：浅色，点击切换为深色');
    expect(themeToggleHint('dark', 'dark', 'system')).toBe('当前主题：深色，点击切换为跟随系统');
  });

  it('in system mode also says what the system shows now', () => {
    expect(themeToggleHint('system', 'light', 'light')).toBe('当前主题：跟随系统（浅色），点击切换为浅色');
    expect(themeToggleHint('system', 'dark', 'light')).toBe('当前主题：跟随系统（深色），点击切换为浅色');
  });
});
