import { looksMasked, maskSecret } from '@agent-platform/contracts';
import { z } from 'zod';
import type { SecretBox } from '../../platform/security/index.js';
import { maskedValueGiven } from './mcp.errors.js';

/** A header or environment map, sealed as one JSON text; `null` when empty. */
export function sealMap(secrets: SecretBox, map: Record<string, string>): string | null {
  return Object.keys(map).length === 0 ? null : secrets.seal(JSON.stringify(map));
}

/** A sealed map as stored: names to values. A map carries no version; a change of shape gets a new column. */
const storedMap = z.record(z.string(), z.string());

/** Throws when the sealed text cannot be opened (another SECRET_KEY) or does not hold a map. */
export function openMap(secrets: SecretBox, sealed: string | null): Record<string, string> {
  return sealed ? storedMap.parse(JSON.parse(secrets.open(sealed))) : {};
}

/** The map as its editors see it: names with masked values. */
export function maskMap(secrets: SecretBox, sealed: string | null): Record<string, string> {
  let map: Record<string, string>;
  try {
    map = openMap(secrets, sealed);
  } catch {
    return {};
  }
  return Object.fromEntries(Object.entries(map).map(([name, value]) => [name, maskSecret(value)]));
}

/**
 * The map to use when the form sends `given` back: a masked value that matches the stored value's mask
 * keeps the stored value; any other masked value is refused (the secret would be lost).
 */
export function mergeMasked(label: string, given: Record<string, string>, stored: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(given).map(([name, value]) => {
      if (!looksMasked(value)) return [name, value];
      const current = stored[name];
      if (current !== undefined && maskSecret(current) === value) return [name, current];
      throw maskedValueGiven(label, name);
    }),
  );
}
