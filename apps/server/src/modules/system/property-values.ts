import { APP_LOGO_PROPERTY, knownPropertyOf, propertyValueProblem, type SystemProperty } from '@agent-platform/contracts';
import { badInput } from '../../core/index.js';
import { SecretKeyMismatchError, type SecretBox } from '../../platform/security/index.js';
import { normaliseLogo } from './logo.js';
import type { PropertyRow } from './system.repo.js';

/** A secret (an SMS access key secret) is stored sealed and never answered back: only whether it is set. */
export const isSecretProperty = (code: string) => knownPropertyOf(code)?.type === 'secret';

export function toProperty(row: PropertyRow): SystemProperty {
  const property: SystemProperty = {
    id: row.id,
    code: row.code,
    name: row.name,
    current_value: row.currentValue,
    default_value: row.defaultValue,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedBy,
  };
  return isSecretProperty(row.code) ? { ...property, current_value: null, default_value: null, secret_set: Boolean(row.currentValue ?? row.defaultValue) } : property;
}

/** A value as it is stored: checked against what a known property holds; the logo sanitised; a secret sealed ('' clears it). */
export function storedValue<V extends string | null | undefined>(secrets: SecretBox, code: string, value: V): V | null {
  const problem = propertyValueProblem(code, value);
  if (problem) throw badInput(problem);
  if (isSecretProperty(code) && typeof value === 'string') return value === '' ? null : (secrets.seal(value) as V);
  return (code === APP_LOGO_PROPERTY ? normaliseLogo(value) : value) as V;
}

/** A sealed secret opened; one sealed under another SECRET_KEY must be entered again (40001 says so). */
export function openedSecret(secrets: SecretBox, code: string, sealed: string): string {
  try {
    return secrets.open(sealed);
  } catch (error) {
    if (error instanceof SecretKeyMismatchError) throw badInput(`${knownPropertyOf(code)?.name ?? code}是用另一个 SECRET_KEY 加密的，请重新填写`);
    throw error;
  }
}
