import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type ThemeMode = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

/** Persisted under the storage name `preference`. */
export interface Preference {
  isFullscreen: boolean;
  themeMode: ThemeMode;
  theme: Theme;
  isSidebarCollapsed: boolean;
  isSidebarPinned: boolean;
}

interface PreferenceActions {
  setThemeMode: (mode: ThemeMode) => void;
  /** The OS preference changed (or was read at start); only matters in system mode. */
  syncSystemTheme: () => void;
  setFullscreen: (value: boolean) => void;
  toggleSidebarCollapsed: () => void;
  toggleSidebarPinned: () => void;
}

export const PREFERENCE_STORAGE_NAME = 'preference';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Each click of the theme toggle: light → dark → system → light. */
export const NEXT_THEME_MODE: Record<ThemeMode, ThemeMode> = { light: 'dark', dark: 'system', system: 'light' };

export function systemTheme(): Theme {
  return typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

export function resolveTheme(mode: ThemeMode): Theme {
  return mode === 'system' ? systemTheme() : mode;
}

export const usePreferenceStore = create<Preference & PreferenceActions>()(
  persist(
    (set, get) => ({
      isFullscreen: false,
      themeMode: 'system',
      theme: resolveTheme('system'),
      isSidebarCollapsed: false,
      isSidebarPinned: true,
      setThemeMode: (themeMode) => set({ themeMode, theme: resolveTheme(themeMode) }),
      syncSystemTheme: () => set({ theme: resolveTheme(get().themeMode) }),
      setFullscreen: (isFullscreen) => set({ isFullscreen }),
      toggleSidebarCollapsed: () => set((state) => ({ isSidebarCollapsed: !state.isSidebarCollapsed })),
      toggleSidebarPinned: () => set((state) => ({ isSidebarPinned: !state.isSidebarPinned })),
    }),
    {
      name: PREFERENCE_STORAGE_NAME,
      partialize: ({ isFullscreen, themeMode, theme, isSidebarCollapsed, isSidebarPinned }): Preference => ({
        isFullscreen,
        themeMode,
        theme,
        isSidebarCollapsed,
        isSidebarPinned,
      }),
      // A stored "system" theme may be stale: the OS may have switched while the app was closed.
      onRehydrateStorage: () => (state) => state?.syncSystemTheme(),
    },
  ),
);

/** The root element's data-theme follows the theme, synchronously (the view transition needs it). */
function applyThemeAttribute(theme: Theme): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = theme;
}

applyThemeAttribute(usePreferenceStore.getState().theme);
usePreferenceStore.subscribe((state, previous) => {
  if (state.theme !== previous.theme) applyThemeAttribute(state.theme);
});
