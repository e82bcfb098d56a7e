import { SETUP_DISMISSED_PROPERTY } from '@agent-platform/contracts';
import { http } from '../../lib/http';

/** Dismissed for good: a system property, so every administrator and every browser sees the same. */
export function dismissSetupChecklist(): Promise<null> {
  return http.post<null>('/system/property/update/batch', { items: [{ code: SETUP_DISMISSED_PROPERTY, current_value: 'true' }] });
}
