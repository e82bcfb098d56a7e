import { PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BrandLogo } from '../../components/BrandLogo';
import { useSessionUser } from '../../features/auth';
import { SetupChecklist } from '../../features/setup';
import { findActiveMenuPath, useUiSettings } from '../../features/ui-settings';
import { HOME_PATH } from '../../lib/redirect';
import { usePreferenceStore } from '../../stores/preference';
import { LAYOUT_TEXT } from '../constants';
import styles from './AppLayout.module.css';
import { FALLBACK_GROUP_ICON, MENU_GROUP_ICONS } from './menu-icons';

export const SIDER_WIDTH = 224;
export const SIDER_COLLAPSED_WIDTH = 64;

/**
 * The sidebar, built from the system.ui.menu.* settings. Pinned: it takes its place in the layout and
 * collapses with the header button. Unpinned: a narrow rail that floats open over the page on hover.
 */
export function Sidebar() {
  const { appName, logo, menu } = useUiSettings();
  const user = useSessionUser();
  const pinned = usePreferenceStore((state) => state.isSidebarPinned);
  const collapsedPreference = usePreferenceStore((state) => state.isSidebarCollapsed);
  const togglePinned = usePreferenceStore((state) => state.toggleSidebarPinned);
  const [hovered, setHovered] = useState(false);
  // On a narrow screen the sidebar is always the floating rail, whatever the preference says.
  const [narrow, setNarrow] = useState(false);
  const docked = pinned && !narrow;
  const location = useLocation();
  const navigate = useNavigate();

  const groups = useMemo(() => menu.filter((group) => !group.adminOnly || user.role === 'admin'), [menu, user.role]);
  const items: MenuProps['items'] = groups.map((group) => ({
    key: group.key,
    icon: MENU_GROUP_ICONS[group.key] ?? FALLBACK_GROUP_ICON,
    label: group.label,
    children: group.children.map((item) => ({ key: item.path, label: item.label })),
  }));
  const active = findActiveMenuPath(groups, location.pathname);
  const activeGroup = groups.find((group) => group.children.some((item) => item.path === active?.path))?.key;

  // The group of the current screen opens whenever the screen moves to another group.
  const [openKeys, setOpenKeys] = useState<string[]>(activeGroup ? [activeGroup] : []);
  const [openedFor, setOpenedFor] = useState(activeGroup);
  if (activeGroup !== openedFor) {
    setOpenedFor(activeGroup);
    if (activeGroup && !openKeys.includes(activeGroup)) setOpenKeys([...openKeys, activeGroup]);
  }

  const collapsed = docked ? collapsedPreference : !hovered;
  const siderClass = docked ? styles.sider : `${styles.siderFloating} ${collapsed ? '' : styles.siderFloatingOpen}`;
  const pinLabel = pinned ? LAYOUT_TEXT.unpin : LAYOUT_TEXT.pin;

  return (
    <>
      {docked ? null : <div className={styles.placeholder} style={{ width: SIDER_COLLAPSED_WIDTH }} />}
      <Layout.Sider
        theme="light"
        width={SIDER_WIDTH}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        collapsed={collapsed}
        trigger={null}
        breakpoint="md"
        onBreakpoint={setNarrow}
        className={siderClass}
        onMouseEnter={docked ? undefined : () => setHovered(true)}
        onMouseLeave={docked ? undefined : () => setHovered(false)}
      >
        <div className={`${styles.brand} ${collapsed ? styles.brandCollapsed : ''}`} onClick={() => navigate(HOME_PATH)} title={appName}>
          <BrandLogo src={logo} size={30} alt={appName} />
          {collapsed ? null : <span className={styles.brandName}>{appName}</span>}
        </div>
        <Menu
          className={styles.menu}
          mode="inline"
          items={items}
          selectedKeys={active ? [active.path] : []}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          onClick={({ key }) => navigate(key)}
        />
        {collapsed ? null : <SetupChecklist isAdmin={user.role === 'admin'} />}
        <div className={`${styles.siderFooter} ${narrow ? styles.hidden : ''}`}>
          <Button
            type="text"
            icon={pinned ? <PushpinFilled /> : <PushpinOutlined />}
            aria-label={pinLabel}
            title={pinLabel}
            onClick={() => {
              togglePinned();
              setHovered(false);
            }}
          />
        </div>
      </Layout.Sider>
    </>
  );
}
