import Icon, { MoonOutlined, SunOutlined } from '@ant-design/icons';
import type { ThemeMode } from '../stores/preference';

/** "Follow the system": a disc half light, half dark (a monitor does not read as a theme). */
function AutoThemeSvg() {
  return (
    <svg viewBox="0 0 1024 1024" width="1em" height="1em" fill="currentColor" aria-hidden focusable="false">
      <path d="M512 96a416 416 0 1 0 0 832 416 416 0 0 0 0-832zm0 80v672a336 336 0 0 1 0-672z" />
    </svg>
  );
}

/** One icon per theme mode, each recognisable as a theme. */
export function ThemeModeIcon({ mode }: { mode: ThemeMode }) {
  if (mode === 'light') return <SunOutlined />;
  if (mode === 'dark') return <MoonOutlined />;
  return <Icon component={AutoThemeSvg} />;
}
