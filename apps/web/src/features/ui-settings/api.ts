import { isSuccessCode, type Envelope, type UiPropertyEntry } from '@agent-platform/contracts';
import { http } from '../../lib/http';

/** Anonymous: branding and menu entries (codes system.ui.*). */
export function listUiProperties(): Promise<UiPropertyEntry[]> {
  return http.post<UiPropertyEntry[]>('/system/property/list/ui');
}

declare global {
  interface Window {
    /** Started by index.html before any script loads. */
    __uiSettingsRequest?: Promise<unknown>;
  }
}

/**
 * The answer of the request index.html started early, once; null when there is none or it failed
 * (the caller then asks through the request client, which reports errors the usual way).
 */
export async function takeEarlyUiProperties(): Promise<UiPropertyEntry[] | null> {
  const request = window.__uiSettingsRequest;
  window.__uiSettingsRequest = undefined;
  if (!request) return null;
  try {
    const body = (await request) as Envelope<UiPropertyEntry[]>;
    return isSuccessCode(body.code) && Array.isArray(body.data) ? body.data : null;
  } catch {
    return null;
  }
}
