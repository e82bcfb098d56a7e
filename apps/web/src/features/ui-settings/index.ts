export { useUiSettings, useUiSettingsPending, uiSettingsKeys, uiSettingsQuery } from './queries';
export { findActiveMenuPath, type UiMenuGroup, type UiMenuItem, type UiSettings } from './model';
