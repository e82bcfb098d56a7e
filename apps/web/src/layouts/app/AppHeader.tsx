import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button } from 'antd';
import { useLocation } from 'react-router';
import { FullscreenToggle } from '../../components/FullscreenToggle';
import { ThemeToggle } from '../../components/ThemeToggle';
import { findActiveMenuPath, useUiSettings } from '../../features/ui-settings';
import { useRouteTitle } from '../../lib/route-title';
import { usePreferenceStore } from '../../stores/preference';
import { LAYOUT_TEXT } from '../constants';
import styles from './AppLayout.module.css';
import { UserMenu } from './UserMenu';

/** Where the user is (menu group / screen), then fullscreen, theme and the user menu. */
export function AppHeader() {
  const pinned = usePreferenceStore((state) => state.isSidebarPinned);
  const collapsed = usePreferenceStore((state) => state.isSidebarCollapsed);
  const toggleCollapsed = usePreferenceStore((state) => state.toggleSidebarCollapsed);
  const { menu } = useUiSettings();
  const location = useLocation();
  const title = useRouteTitle();

  const active = findActiveMenuPath(menu, location.pathname);
  const group = menu.find((entry) => entry.children.some((item) => item.path === active?.path));
  const crumbs = [group?.label, title].filter((text): text is string => !!text);
  const collapseLabel = collapsed ? LAYOUT_TEXT.expand : LAYOUT_TEXT.collapse;

  return (
    <header className={styles.header}>
      {pinned ? (
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          className={styles.collapseButton}
          aria-label={collapseLabel}
          title={collapseLabel}
          onClick={toggleCollapsed}
        />
      ) : null}
      <Breadcrumb className={styles.headerTitle} items={crumbs.map((text) => ({ title: text }))} />
      <div className={styles.headerActions}>
        <FullscreenToggle />
        <ThemeToggle />
        <UserMenu />
      </div>
    </header>
  );
}
