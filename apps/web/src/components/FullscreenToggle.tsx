import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect } from 'react';
import { usePreferenceStore } from '../stores/preference';
import { COMMON_TEXT } from './constants';

export function FullscreenToggle() {
  const isFullscreen = usePreferenceStore((state) => state.isFullscreen);
  const setFullscreen = usePreferenceStore((state) => state.setFullscreen);

  // The browser leaves fullscreen on Esc and on reload: follow it.
  useEffect(() => {
    const sync = () => setFullscreen(!!document.fullscreenElement);
    sync();
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [setFullscreen]);

  if (!document.fullscreenEnabled) return null;

  const toggle = () => {
    const action = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    action.catch(() => setFullscreen(!!document.fullscreenElement));
  };
  const label = isFullscreen ? COMMON_TEXT.fullscreenExit : COMMON_TEXT.fullscreenEnter;

  return <Button type="text" icon={isFullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />} aria-label={label} title={label} onClick={toggle} />;
}
