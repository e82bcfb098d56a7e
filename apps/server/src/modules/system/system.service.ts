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
import * as repo from './system.repo.js';
import { defaultProperties } from './system.seeds.js';

export type SystemService = ReturnType<typeof createSystemService>;

function toProperty(row: repo.PropertyRow): SystemProperty {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    current_value: row.currentValue,
    default_value: row.defaultValue,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function createSystemService({ db }: { db: Db }) {
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
      const row = await repo.findPropertyByCode(db, code);
      return row ? effectiveValue({ code, current_value: row.currentValue, default_value: row.defaultValue }) === 'true' : false;
    },

    async createProperty(body: CreatePropertyBody): Promise<SystemProperty> {
      const row = await repo.insertProperty(db, {
        code: body.code,
        name: body.name ?? '',
        currentValue: body.current_value ?? null,
        defaultValue: body.default_value ?? null,
        description: body.description ?? '',
      });
      if (!row) throw new AppError('CONFLICT', `属性编码 ${body.code} 已存在`);
      return toProperty(row);
    },

    async updateProperty({ id, name, current_value, default_value, description }: UpdatePropertyBody): Promise<SystemProperty> {
      const row = await repo.updateProperty(db, id, {
        name,
        currentValue: current_value,
        defaultValue: default_value,
        description,
      });
      if (!row) throw notFound('系统属性');
      return toProperty(row);
    },

    async deleteProperty(id: string): Promise<void> {
      if (!(await repo.deleteProperty(db, id))) throw notFound('系统属性');
    },

    /** All or nothing: an unknown code refuses the whole batch. */
    async updateBatch({ items }: BatchUpdatePropertiesBody): Promise<void> {
      const codes = [...new Set(items.map((item) => item.code))];
      const existing = new Set(await repo.findExistingCodes(db, codes));
      const missing = codes.filter((code) => !existing.has(code));
      if (missing.length > 0) throw new AppError('NOT_FOUND', `系统属性不存在：${missing.join('、')}`);
      await db.transaction(async (tx) => {
        for (const item of items) await repo.updateCurrentValueByCode(tx, item.code, item.current_value ?? null);
      });
    },
  };
}
