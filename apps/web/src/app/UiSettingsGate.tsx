import type { ReactNode } from 'react';
import { useUiSettingsPending } from '../features/ui-settings';

/** Nothing renders until the UI settings have loaded; a failed load falls back to defaults. */
export function UiSettingsGate({ children }: { children: ReactNode }) {
  return useUiSettingsPending() ? null : children;
}
