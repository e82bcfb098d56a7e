import { APP_LOGO_PROPERTY, APP_NAME_PROPERTY, DEFAULT_APP_NAME, effectiveValue, MENU, menuPropertyCode, SETUP_DISMISSED_PROPERTY, type UiPropertyEntry } from '@agent-platform/contracts';

export interface UiMenuItem {
  key: string;
  path: string;
  label: string;
}

export interface UiMenuGroup {
  key: string;
  label: string;
  adminOnly: boolean;
  children: UiMenuItem[];
}

export interface UiSettings {
  appName: string;
  /** A configured logo (URL or data URL); null means the built-in logo. */
  logo: string | null;
  menu: UiMenuGroup[];
  /** An administrator has dismissed the setup checklist. */
  setupDismissed: boolean;
}

export const DEFAULT_UI_SETTINGS: UiSettings = deriveUiSettings([]);

/**
 * Turns the system.ui.* entries into what the app shows: the label of a menu entry is the effective
 * value of `system.ui.menu.<key>`; an empty value hides it (an entry the server does not list keeps
 * its built-in label). A group without visible entries is hidden too.
 */
export function deriveUiSettings(entries: UiPropertyEntry[]): UiSettings {
  const values = new Map(entries.map((entry) => [entry.code, effectiveValue(entry).trim()]));
  const labelOf = (key: string, fallback: string) => values.get(menuPropertyCode(key)) ?? fallback;

  const menu = MENU.flatMap((group): UiMenuGroup[] => {
    const label = labelOf(group.key, group.label);
    const children = group.children.flatMap((leaf): UiMenuItem[] => {
      const leafLabel = labelOf(leaf.key, leaf.label);
      return leafLabel ? [{ key: leaf.key, path: leaf.path, label: leafLabel }] : [];
    });
    return label && children.length > 0 ? [{ key: group.key, label, adminOnly: !!group.adminOnly, children }] : [];
  });

  return {
    appName: values.get(APP_NAME_PROPERTY) || DEFAULT_APP_NAME,
    logo: values.get(APP_LOGO_PROPERTY) || null,
    menu,
    setupDismissed: values.get(SETUP_DISMISSED_PROPERTY) === 'true',
  };
}

/** The menu entry whose path is the longest prefix of the current path (detail pages light their list). */
export function findActiveMenuPath(menu: UiMenuGroup[], pathname: string): UiMenuItem | undefined {
  let best: UiMenuItem | undefined;
  for (const item of menu.flatMap((group) => group.children)) {
    const matches = pathname === item.path || pathname.startsWith(`${item.path}/`);
    if (matches && (!best || item.path.length > best.path.length)) best = item;
  }
  return best;
}
