import type { AssetTable, AssetTableStructure, DbTableInfo, DbTableNote, DbType } from '@agent-platform/contracts';
import type { GuardScope } from '../../platform/sql/index.js';

/** The asset's tables as the model sees them: the catalogue's columns (only the chosen ones) with the notes on them. */
export function structureOf(tables: AssetTable[], catalogue: DbTableInfo[], notes: DbTableNote[]): AssetTableStructure[] {
  const byName = new Map(catalogue.map((table) => [table.name, table]));
  const notesOf = new Map(notes.map((note) => [note.table_name, note]));
  return tables.flatMap((chosen) => {
    const table = byName.get(chosen.name);
    if (!table) return [];
    const note = notesOf.get(chosen.name);
    const open = chosen.columns ? new Set(chosen.columns) : null;
    const columnNotes = new Map((note?.columns ?? []).map((column) => [column.name, column]));
    return [
      {
        name: table.name,
        comment: table.comment,
        description: note?.description ?? '',
        synonyms: note?.synonyms ?? [],
        columns: table.columns
          .filter((column) => !open || open.has(column.name))
          .map((column) => ({ ...column, ...(columnNotes.has(column.name) ? { note: columnNotes.get(column.name) } : {}) })),
        foreign_keys: table.foreign_keys.filter((key) => tables.some((other) => other.name === key.ref_table)),
      },
    ];
  });
}

/**
 * What the guard lets a statement name: the asset's tables, and their chosen columns. `catalogue`
 * (needed only when some table has chosen columns) says which columns those tables hide.
 */
export function guardScopeOf(tables: AssetTable[], dialect: DbType, database: string, schema: string, catalogue: DbTableInfo[] = []): GuardScope {
  const lower = (names: string[]) => new Set(names.map((name) => name.toLowerCase()));
  const hidden = new Map(
    tables.flatMap((table) => {
      const all = catalogue.find((entry) => entry.name === table.name);
      if (!table.columns || !all) return [];
      const open = lower(table.columns);
      return [[table.name.toLowerCase(), lower(all.columns.map((column) => column.name).filter((name) => !open.has(name.toLowerCase())))] as const];
    }),
  );
  return {
    tables: new Map(tables.map((table) => [table.name.toLowerCase(), table.columns ? lower(table.columns) : null])),
    hidden,
    schema: dialect === 'mysql' ? database : schema || 'public',
  };
}

function columnLine(column: AssetTableStructure['columns'][number]): string {
  const facts = [column.type, column.primary_key ? '主键' : '', column.nullable ? '' : '非空', column.comment].filter(Boolean);
  const note = column.note;
  if (note?.description) facts.push(`说明：${note.description}`);
  if (note?.synonyms.length) facts.push(`同义词：${note.synonyms.join('、')}`);
  if (note?.unit) facts.push(`单位：${note.unit}`);
  if (note?.code_meanings) facts.push(`取值含义：${note.code_meanings}`);
  if (note?.sample_values.length) facts.push(`示例值：${note.sample_values.join('、')}`);
  return `  - ${column.name}：${facts.join('；')}`;
}

/** The structure as text for the model's prompt. */
export function structureText(structures: AssetTableStructure[]): string {
  return structures
    .map((table) => {
      const head = [
        `表 ${table.name}`,
        table.comment && `（${table.comment}）`,
        table.description && `：${table.description}`,
        table.synonyms.length ? `；又称 ${table.synonyms.join('、')}` : '',
      ].join('');
      const keys = table.foreign_keys.map((key) => `  * ${key.columns.join(', ')} 关联 ${key.ref_table}(${key.ref_columns.join(', ')})`);
      return [head, ...table.columns.map(columnLine), ...keys].join('\n');
    })
    .join('\n\n');
}
