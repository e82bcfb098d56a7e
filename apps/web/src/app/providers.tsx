import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useMemo, type ReactNode } from 'react';
import { AppToaster } from '../components/AppToaster';
import { queryClient } from '../lib/query-client';
import { DARK_QUERY, usePreferenceStore, type Theme } from '../stores/preference';

/** Theme: border radius 4, tags 2; dark and light algorithms. */
export function themeConfig(theme: Theme): ThemeConfig {
  return {
    algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      borderRadius: 4,
      colorPrimary: '#4f6ef7',
      colorLink: '#4f6ef7',
      // The page background behind cards, as in styles/global.css (--app-bg).
      colorBgLayout: theme === 'dark' ? '#0d0f14' : '#f4f6fb',
    },
    components: { Tag: { borderRadiusSM: 2 } },
  };
}

/** In system mode the theme follows the OS preference live. */
function useSystemThemeSync(): void {
  const syncSystemTheme = usePreferenceStore((state) => state.syncSystemTheme);
  useEffect(() => {
    const query = window.matchMedia(DARK_QUERY);
    query.addEventListener('change', syncSystemTheme);
    return () => query.removeEventListener('change', syncSystemTheme);
  }, [syncSystemTheme]);
}

export function Providers({ children }: { children: ReactNode }) {
  const theme = usePreferenceStore((state) => state.theme);
  const config = useMemo(() => themeConfig(theme), [theme]);
  useSystemThemeSync();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} theme={config}>
        {children}
        <AppToaster theme={theme} />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
