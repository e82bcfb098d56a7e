/** System property codes and the UI settings entry; no zod here, the web imports these. */
export const UI_PROPERTY_PREFIX = 'system.ui.';
export const MENU_PROPERTY_PREFIX = 'system.ui.menu.';
export const APP_NAME_PROPERTY = 'system.ui.name';
export const APP_LOGO_PROPERTY = 'system.ui.logo';
/** `true` once an administrator has dismissed the first-run setup checklist. */
export const SETUP_DISMISSED_PROPERTY = 'system.ui.setup.dismissed';
export const SMS_ENABLED_PROPERTY = 'system.sms.enabled';
export const REGISTER_REVIEW_PROPERTY = 'system.user.register.review';

export const DEFAULT_APP_NAME = '大模型智能体平台';

/** One UI settings entry as `/system/property/list/ui` answers it. */
export interface UiPropertyEntry {
  code: string;
  current_value?: string | null;
  default_value?: string | null;
}

export interface SystemProperty {
  id: string;
  code: string;
  name: string;
  current_value: string | null;
  default_value: string | null;
  description: string;
  created_at: string;
  updated_at: string;
  /** The user name of the administrator who last changed it; null for a value nobody changed since it was seeded. */
  updated_by: string | null;
  /**
   * Secrets only (an SMS access key secret): whether a value is stored. A secret's `current_value` and
   * `default_value` are always answered as null: it is written, never read back.
   */
  secret_set?: boolean;
}

/** Effective value: current_value if present, otherwise default_value. */
export function effectiveValue(entry: UiPropertyEntry): string {
  return entry.current_value ?? entry.default_value ?? '';
}
/** How many days the audit log keeps its entries; older ones are pruned by the retention upkeep. */
export const AUDIT_RETENTION_DAYS_PROPERTY = 'system.audit.retention_days';
