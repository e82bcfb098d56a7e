import { Button, Tooltip } from 'antd';
import type { MouseEvent } from 'react';
import { switchThemeMode } from '../lib/theme-transition';
import { NEXT_THEME_MODE, usePreferenceStore } from '../stores/preference';
import { COMMON_TEXT, THEME_MODE_LABELS, themeToggleHint } from './constants';
import { ThemeModeIcon } from './ThemeModeIcon';

interface ThemeToggleProps {
  /** The circular reveal; off on the sign-in page. */
  animated?: boolean;
  className?: string;
}

/** Cycles light → dark → system; the tooltip names the current mode and what the next click does. */
export function ThemeToggle({ animated = true, className }: ThemeToggleProps) {
  const mode = usePreferenceStore((state) => state.themeMode);
  const theme = usePreferenceStore((state) => state.theme);
  const next = NEXT_THEME_MODE[mode];
  const label = `${COMMON_TEXT.themeToggle}（当前：${THEME_MODE_LABELS[mode]}）`;

  const onClick = (event: MouseEvent<HTMLElement>) => {
    let origin = null;
    if (animated) {
      // A keyboard "click" has no pointer position: grow the circle from the button's centre.
      const rect = event.currentTarget.getBoundingClientRect();
      origin = event.detail > 0 ? { x: event.clientX, y: event.clientY } : { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    }
    switchThemeMode(next, origin);
  };

  return (
    <Tooltip title={themeToggleHint(mode, theme, next)} placement="bottomRight">
      <Button type="text" className={className} icon={<ThemeModeIcon mode={mode} />} aria-label={label} data-theme-mode={mode} onClick={onClick} />
    </Tooltip>
  );
}
