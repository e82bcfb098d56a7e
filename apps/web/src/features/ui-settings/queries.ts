import { queryOptions, useQuery } from '@tanstack/react-query';
import { listUiProperties, takeEarlyUiProperties } from './api';
import { DEFAULT_UI_SETTINGS, deriveUiSettings, type UiSettings } from './model';

export const uiSettingsKeys = { all: ['ui-settings'] as const };

/** Cached with no expiry; the settings page invalidates `uiSettingsKeys.all` after a change. */
export const uiSettingsQuery = queryOptions({
  queryKey: uiSettingsKeys.all,
  queryFn: async () => deriveUiSettings((await takeEarlyUiProperties()) ?? (await listUiProperties())),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useUiSettings(): UiSettings {
  return useQuery(uiSettingsQuery).data ?? DEFAULT_UI_SETTINGS;
}

/** True until the first answer (or failure) of the settings call: the app renders nothing before. */
export function useUiSettingsPending(): boolean {
  return useQuery(uiSettingsQuery).isPending;
}

/** The system.ui.* entries as stored (current and default values): what the settings page edits. */
export function useUiEntries() {
  return useQuery({ queryKey: [...uiSettingsKeys.all, 'entries'], queryFn: listUiProperties });
}
