import type { UiPropertyEntry } from '@agent-platform/contracts';
import { http } from '../../lib/http';

/** Anonymous: branding and menu entries (codes system.ui.*). */
export function listUiProperties(): Promise<UiPropertyEntry[]> {
  return http.post<UiPropertyEntry[]>('/system/property/list/ui');
}
