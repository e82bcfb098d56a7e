import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { switchThemeMode } from '../lib/theme-transition';
import { NEXT_THEME_MODE, usePreferenceStore, type ThemeMode } from '../stores/preference';
import { COMMON_TEXT, THEME_MODE_LABELS } from './constants';

const ICONS: Record<ThemeMode, ReactNode> = {
  light: <SunOutlined />,
  dark: <MoonOutlined />,
  system: <DesktopOutlined />,
};

interface ThemeToggleProps {
  /** The circular reveal; off on the sign-in page. */
  animated?: boolean;
  className?: string;
}

/** Cycles light → dark → system; the label names the current mode. */
export function ThemeToggle({ animated = true, className }: ThemeToggleProps) {
  const mode = usePreferenceStore((state) => state.themeMode);
  const label = `${COMMON_TEXT.themeToggle}（当前：${THEME_MODE_LABELS[mode]}）`;

  const onClick = (event: MouseEvent<HTMLElement>) => {
    let origin = null;
    if (animated) {
      // A keyboard "click" has no pointer position: grow the circle from the button's centre.
      const rect = event.currentTarget.getBoundingClientRect();
      origin =
        event.detail > 0
          ? { x: event.clientX, y: event.clientY }
          : { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    }
    switchThemeMode(NEXT_THEME_MODE[mode], origin);
  };

  return (
    <Button
      type="text"
      className={className}
      icon={ICONS[mode]}
      aria-label={label}
      title={label}
      data-theme-mode={mode}
      onClick={onClick}
    />
  );
}
