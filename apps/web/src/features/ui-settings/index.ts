export { useUiEntries, useUiSettings, useUiSettingsPending, uiSettingsKeys, uiSettingsQuery } from './queries';
export { deriveUiSettings, findActiveMenuPath, type UiMenuGroup, type UiMenuItem, type UiSettings } from './model';
