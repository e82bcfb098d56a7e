import { describe, expect, it } from 'vitest';
import { NEXT_THEME_MODE, PREFERENCE_STORAGE_NAME, usePreferenceStore } from './preference';

describe('preferences', () => {
  it('cycles light → dark → system → light', () => {
    expect(NEXT_THEME_MODE.light).toBe('dark');
    expect(NEXT_THEME_MODE.dark).toBe('system');
    expect(NEXT_THEME_MODE.system).toBe('light');
  });

  it('has the spec defaults and keeps data-theme on the root in step', () => {
    const state = usePreferenceStore.getState();
    expect(state.themeMode).toBe('system');
    expect(state.isSidebarCollapsed).toBe(false);
    expect(state.isSidebarPinned).toBe(true);
    expect(state.isFullscreen).toBe(false);

    state.setThemeMode('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    usePreferenceStore.getState().setThemeMode('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('persists only the preference fields under `preference`', () => {
    usePreferenceStore.getState().setThemeMode('dark');
    usePreferenceStore.getState().toggleSidebarPinned();
    const saved = JSON.parse(localStorage.getItem(PREFERENCE_STORAGE_NAME) ?? '{}') as { state: Record<string, unknown> };
    expect(Object.keys(saved.state).sort()).toEqual(['isFullscreen', 'isSidebarCollapsed', 'isSidebarPinned', 'theme', 'themeMode']);
    expect(saved.state).toMatchObject({ themeMode: 'dark', theme: 'dark', isSidebarPinned: false });
  });
});
