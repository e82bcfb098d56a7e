import {
  UI_PROPERTY_PREFIX,
  effectiveValue,
  type BatchUpdatePropertiesBody,
  type CreatePropertyBody,
  type ListPropertiesBody,
  type Page,
  type SystemProperty,
  type UiPropertyEntry,
  type UpdatePropertyBody,
} from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { AppError, notFound } from '../../core/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import { isSecretProperty, openedSecret, storedValue, toProperty } from './property-values.js';
import * as repo from './system.repo.js';
import { defaultProperties } from './system.seeds.js';

export type SystemService = ReturnType<typeof createSystemService>;

export function createSystemService({ db, secrets }: { db: Db; secrets: SecretBox }) {
  const findByCode = (code: string) => repo.findPropertyByCode(db, code);

  const acceptedValue = <V extends string | null | undefined>(code: string, value: V) => storedValue(secrets, code, value);

  return {
    seedDefaults: () => repo.insertMissingProperties(db, defaultProperties()),

    async listProperties({ page, page_size, keyword }: ListPropertiesBody): Promise<Page<SystemProperty>> {
      const { total, rows } = await repo.listProperties(db, keyword, (page - 1) * page_size, page_size);
      return { total, list: rows.map(toProperty) };
    },

    async listUiProperties(): Promise<UiPropertyEntry[]> {
      const rows = await repo.listPropertiesByPrefix(db, UI_PROPERTY_PREFIX);
      return rows.map((row) => ({ code: row.code, current_value: row.currentValue, default_value: row.defaultValue }));
    },

    /** A property read as a switch: its effective value is `true`. */
    async isEnabled(code: string): Promise<boolean> {
      const row = await findByCode(code);
      return row ? effectiveValue({ code, current_value: row.currentValue, default_value: row.defaultValue }) === 'true' : false;
    },

    /** The effective values of these properties, trimmed ('' for one that is missing); secrets are not opened here. */
    async textValues(codes: readonly string[]): Promise<Map<string, string>> {
      const rows = await repo.findPropertiesByCodes(db, codes);
      const byCode = new Map(rows.map((row) => [row.code, row]));
      return new Map(
        codes.map((code) => {
          const row = byCode.get(code);
          return [code, row && !isSecretProperty(code) ? effectiveValue({ code, current_value: row.currentValue, default_value: row.defaultValue }).trim() : ''];
        }),
      );
    },

    /** A secret property opened; null when none is stored. */
    async secretValue(code: string): Promise<string | null> {
      const row = await findByCode(code);
      const sealed = row?.currentValue ?? row?.defaultValue;
      return sealed ? openedSecret(secrets, code, sealed) : null;
    },

    /** A property read as a whole number; `fallback` when it is missing or not a number. */
    async numberValue(code: string, fallback: number): Promise<number> {
      const row = await findByCode(code);
      const value = row ? Number.parseInt(effectiveValue({ code, current_value: row.currentValue, default_value: row.defaultValue }), 10) : Number.NaN;
      return Number.isFinite(value) ? value : fallback;
    },

    async createProperty(body: CreatePropertyBody, by: string): Promise<SystemProperty> {
      const row = await repo.insertProperty(db, {
        code: body.code,
        name: body.name ?? '',
        currentValue: acceptedValue(body.code, body.current_value) ?? null,
        defaultValue: acceptedValue(body.code, body.default_value) ?? null,
        description: body.description ?? '',
        updatedBy: by,
      });
      if (!row) throw new AppError('CONFLICT', `属性编码 ${body.code} 已存在`);
      return toProperty(row);
    },

    async updateProperty({ id, name, current_value, default_value, description }: UpdatePropertyBody, by: string): Promise<SystemProperty> {
      const existing = await repo.findPropertyById(db, id);
      if (!existing) throw notFound('系统属性');
      const row = await repo.updateProperty(db, id, {
        name,
        currentValue: acceptedValue(existing.code, current_value),
        defaultValue: acceptedValue(existing.code, default_value),
        description,
        updatedBy: by,
      });
      if (!row) throw notFound('系统属性');
      return toProperty(row);
    },

    async deleteProperty(id: string): Promise<void> {
      if (!(await repo.deleteProperty(db, id))) throw notFound('系统属性');
    },

    /** All or nothing: an unknown code or a value that does not fit refuses the whole batch. */
    async updateBatch({ items }: BatchUpdatePropertiesBody, by: string): Promise<void> {
      const codes = [...new Set(items.map((item) => item.code))];
      const existing = new Set(await repo.findExistingCodes(db, codes));
      const missing = codes.filter((code) => !existing.has(code));
      if (missing.length > 0) throw new AppError('NOT_FOUND', `系统属性不存在：${missing.join('、')}`);
      const accepted = items.map((item) => ({ code: item.code, value: acceptedValue(item.code, item.current_value) ?? null }));
      await db.transaction(async (tx) => {
        for (const item of accepted) await repo.updateCurrentValueByCode(tx, item.code, item.value, by);
      });
    },
  };
}
