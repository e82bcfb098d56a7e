import { APP_LOGO_PROPERTY, APP_NAME_PROPERTY, DEFAULT_APP_NAME, MENU, menuPropertyCode, type UiPropertyEntry } from '@agent-platform/contracts';

/** One sidebar entry (a group or one of its pages) as the settings page edits it. */
export interface MenuDraftEntry {
  key: string;
  /** The label it has when nobody changed it. */
  defaultLabel: string;
  label: string;
  visible: boolean;
  isGroup: boolean;
}

export interface UiDraft {
  appName: string;
  /** The stored logo (a data URL); null: the default one. */
  logo: string | null;
  menu: MenuDraftEntry[];
}

export interface PropertyItem {
  code: string;
  current_value: string | null;
}

type EntryMap = Map<string, UiPropertyEntry>;
const entryMap = (entries: UiPropertyEntry[]): EntryMap => new Map(entries.map((entry) => [entry.code, entry]));

/** The sidebar's entries in its order: each group, then its pages. */
const MENU_ENTRIES = MENU.flatMap((group) => [
  { key: group.key, label: group.label, isGroup: true },
  ...group.children.map((leaf) => ({ key: leaf.key, label: leaf.label, isGroup: false })),
]);

export function draftFromEntries(entries: UiPropertyEntry[]): UiDraft {
  const byCode = entryMap(entries);
  const menu = MENU_ENTRIES.map(({ key, label, isGroup }): MenuDraftEntry => {
    const entry = byCode.get(menuPropertyCode(key));
    const defaultLabel = entry?.default_value || label;
    const effective = entry ? (entry.current_value ?? entry.default_value ?? '') : label;
    const visible = effective.trim() !== '';
    return { key, defaultLabel, label: visible ? effective : defaultLabel, visible, isGroup };
  });
  const name = byCode.get(APP_NAME_PROPERTY);
  return {
    appName: name?.current_value || name?.default_value || DEFAULT_APP_NAME,
    logo: byCode.get(APP_LOGO_PROPERTY)?.current_value || null,
    menu,
  };
}

/** What a property stores for a value: nothing (null) when it is the default, so a later default change shows. */
const stored = (value: string, defaultValue: string | null | undefined) => (value === (defaultValue ?? null) ? null : value);

/** Every property of the draft with the value it would store. */
function draftItems(entries: EntryMap, draft: UiDraft): PropertyItem[] {
  const menuItems = draft.menu.map((entry) => {
    const code = menuPropertyCode(entry.key);
    return { code, current_value: stored(entry.visible ? entry.label.trim() : '', entries.get(code)?.default_value) };
  });
  return [
    { code: APP_NAME_PROPERTY, current_value: stored(draft.appName.trim(), entries.get(APP_NAME_PROPERTY)?.default_value) },
    { code: APP_LOGO_PROPERTY, current_value: draft.logo },
    ...menuItems,
  ];
}

/** The batch that saves the draft: the properties whose stored value changes, and only those that exist. */
export function changedItems(entries: UiPropertyEntry[], draft: UiDraft): PropertyItem[] {
  const byCode = entryMap(entries);
  return draftItems(byCode, draft).filter((item) => byCode.has(item.code) && item.current_value !== (byCode.get(item.code)?.current_value ?? null));
}

/** The entries as they will be once the draft is saved: what the preview draws. */
export function previewEntries(entries: UiPropertyEntry[], draft: UiDraft): UiPropertyEntry[] {
  const byCode = entryMap(entries);
  return draftItems(byCode, draft).map((item) => ({ code: item.code, current_value: item.current_value, default_value: byCode.get(item.code)?.default_value ?? null }));
}

/** Visible entries without a label: the page refuses to save them. */
export function unnamedEntries(draft: UiDraft): MenuDraftEntry[] {
  return draft.menu.filter((entry) => entry.visible && entry.label.trim() === '');
}
