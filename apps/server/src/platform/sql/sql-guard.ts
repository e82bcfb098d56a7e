import { createRequire } from 'node:module';
import type { DbType } from '@agent-platform/contracts';
import type { Parser as SqlParser } from 'node-sql-parser';
import { ALLOWED_FUNCTIONS, DANGEROUS_FUNCTION } from './sql-functions.js';

/**
 * The first wall in front of a datasource: a statement a model (or a person editing its SQL) wrote is
 * parsed with the dialect's grammar and let through only if it is exactly one `SELECT` (with `WITH`)
 * over the tables (and columns) in scope, calling only allowed functions, with no `INTO`, locking
 * clause, variable or parameter. The second wall is the database itself: a read-only session and
 * transaction with a statement timeout (see `sql-client.ts`).
 */
export interface GuardScope {
  /** Table names (lower case) → the columns (lower case) the statement may name, or `null` for all. */
  tables: ReadonlyMap<string, ReadonlySet<string> | null>;
  /**
   * Of the tables with chosen columns, the columns they have but do not open (lower case): an
   * unqualified name among them is refused even when another table of the statement opens all of its columns.
   */
  hidden?: ReadonlyMap<string, ReadonlySet<string>>;
  /** The schema (PostgreSQL) or database (MySQL) a qualified table name may name. */
  schema: string;
}

export type GuardResult = { ok: true; sql: string; tables: string[] } | { ok: false; reason: string };

const require = createRequire(import.meta.url);
type ParserClass = new () => SqlParser;
// One grammar per dialect, loaded on first use (each is a few hundred kilobytes of generated parser).
const grammars: Record<DbType, { module: string; database: string; parser?: SqlParser }> = {
  // The MariaDB grammar takes `status` for a keyword; the MySQL one reads both servers' SELECTs.
  mysql: { module: 'node-sql-parser/build/mysql', database: 'mysql' },
  postgresql: { module: 'node-sql-parser/build/postgresql', database: 'postgresql' },
};

function parserOf(dialect: DbType): SqlParser {
  const grammar = grammars[dialect];
  grammar.parser ??= new (require(grammar.module) as { Parser: ParserClass }).Parser();
  return grammar.parser;
}

/** Statement kinds the parser knows besides `select`: refused wherever they appear. */
const STATEMENT_TYPES = new Set([
  'insert',
  'replace',
  'update',
  'delete',
  'create',
  'drop',
  'alter',
  'truncate',
  'rename',
  'use',
  'set',
  'lock',
  'unlock',
  'grant',
  'revoke',
  'call',
  'show',
  'explain',
  'transaction',
  'load_data',
  'declare',
  'exec',
  'execute',
  'prepare',
  'deallocate',
  'comment',
  'analyze',
  'attach',
  'copy',
  'do',
  'handler',
  'flush',
  'kill',
  'reset',
  'merge',
]);

class Refusal extends Error {}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

function functionName(node: Node): string {
  const name = node.name;
  if (typeof name === 'string') return name;
  if (isNode(name) && Array.isArray(name.name)) return name.name.map((part: unknown) => (isNode(part) ? String(part.value) : String(part))).join('.');
  return '';
}

function columnName(node: Node): string | undefined {
  const column = node.column;
  if (typeof column === 'string') return column;
  if (isNode(column) && isNode(column.expr)) return String(column.expr.value);
  return undefined;
}

interface Found {
  tables: Array<{ db: string | null; table: string; as: string | null }>;
  /** Column names with their qualifier (a table name or alias), lower case. */
  columns: Array<{ qualifier: string | null; name: string }>;
  /** `*` with its qualifier (`null` for a bare `*`). */
  stars: Array<string | null>;
  aliases: Set<string>;
  cteNames: Set<string>;
}

const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : isNode(value) && value.value !== undefined ? String(value.value) : null);

/** Every node of the tree, checked for what is refused anywhere, and the names it uses collected. */
function walk(node: unknown, found: Found): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, found);
    return;
  }
  if (!isNode(node)) return;
  const type = typeof node.type === 'string' ? node.type.toLowerCase() : '';
  if (STATEMENT_TYPES.has(type)) throw new Refusal(`只允许查询（SELECT），不允许 ${type.toUpperCase()} 语句`);
  if (type === 'var' || type === 'param') throw new Refusal('不允许使用变量或参数（如 @@version、@x、$1）');
  if (type === 'function' || type === 'aggr_func' || type === 'window_func') checkFunction(functionName(node));
  if (type === 'column_ref') {
    const name = columnName(node);
    const qualifier = textOf(node.table)?.toLowerCase() ?? null;
    if (name === '*') found.stars.push(qualifier);
    else if (name !== undefined) found.columns.push({ qualifier, name: name.toLowerCase() });
  }
  if (isNode(node.into) && (node.into.position || node.into.keyword || node.into.expr)) throw new Refusal('不允许 SELECT … INTO（写入文件、变量或新表）');
  if (node.locking_read) throw new Refusal('不允许加锁读取（FOR UPDATE、LOCK IN SHARE MODE 等）');
  if (typeof node.table === 'string' && 'db' in node && type !== 'column_ref') {
    found.tables.push({ db: typeof node.db === 'string' ? node.db : null, table: node.table, as: typeof node.as === 'string' ? node.as : null });
  }
  if (typeof node.as === 'string') found.aliases.add(node.as.toLowerCase());
  if (Array.isArray(node.with)) {
    for (const cte of node.with) {
      if (isNode(cte) && isNode(cte.name)) found.cteNames.add(String(cte.name.value).toLowerCase());
      if (isNode(cte) && Array.isArray(cte.columns)) for (const column of cte.columns) found.aliases.add(String(isNode(column) ? columnName(column) : column).toLowerCase());
    }
  }
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'loc' && (isNode(value) || Array.isArray(value))) walk(value, found);
  }
}

function checkFunction(qualified: string): void {
  const name = qualified.toLowerCase();
  const [schema, bare] = name.includes('.') ? [name.slice(0, name.lastIndexOf('.')), name.slice(name.lastIndexOf('.') + 1)] : [null, name];
  if (schema !== null && schema !== 'pg_catalog') throw new Refusal(`不允许调用函数 ${qualified}`);
  if (ALLOWED_FUNCTIONS.has(bare)) return;
  if (DANGEROUS_FUNCTION.test(bare)) throw new Refusal(`不允许调用函数 ${bare}：它可能读写文件、拖慢或探测数据库`);
  throw new Refusal(`不允许调用函数 ${bare}：只允许常用的聚合、窗口、数学、文本和日期函数`);
}

function checkNames(found: Found, scope: GuardScope): string[] {
  const used = new Set<string>();
  // What each qualifier names: a table of the scope by its name or alias.
  const named = new Map<string, string>();
  for (const { db, table, as } of found.tables) {
    const name = table.toLowerCase();
    if (db === null && found.cteNames.has(name)) continue;
    if (db !== null && db.toLowerCase() !== scope.schema.toLowerCase()) throw new Refusal(`不允许访问 ${db}.${table}：只能查询本数据资产中的表`);
    if (!scope.tables.has(name)) throw new Refusal(`不允许访问表 ${table}：只能查询本数据资产中的表`);
    used.add(name);
    named.set((as ?? table).toLowerCase(), name);
  }
  const restricted = [...used].filter((name) => scope.tables.get(name));
  if (restricted.length === 0) return [...used];
  for (const qualifier of found.stars) {
    const table = qualifier === null ? undefined : named.get(qualifier);
    if (qualifier === null || (table && scope.tables.get(table))) throw new Refusal('本数据资产只开放了部分列：请写出列名，不要用 *');
  }
  const aliases = new Set([...found.aliases, ...found.cteNames]);
  const everyColumnOpen = [...used].some((name) => scope.tables.get(name) === null);
  for (const { qualifier, name } of found.columns) {
    const table = qualifier === null ? undefined : named.get(qualifier);
    const open = table ? scope.tables.get(table) : undefined;
    if (open && !open.has(name)) throw new Refusal(`不允许访问列 ${name}：它不在本数据资产开放的列中`);
    // PostgreSQL reads a bare table alias as the whole row, every column in it.
    const wholeRow = qualifier === null ? named.get(name) : undefined;
    if (wholeRow && scope.tables.get(wholeRow)) throw new Refusal('本数据资产只开放了部分列：请写出列名，不要用 *');
    if (qualifier !== null || aliases.has(name)) continue;
    const hiddenSomewhere = restricted.some((table) => scope.hidden?.get(table)?.has(name));
    const openSomewhere = restricted.some((table) => scope.tables.get(table)?.has(name));
    if (hiddenSomewhere || (!everyColumnOpen && !openSomewhere)) throw new Refusal(`不允许访问列 ${name}：它不在本数据资产开放的列中`);
  }
  return [...used];
}

/** MySQL runs the text of `/*! … *\/` comments; the parser skips them. */
const EXECUTABLE_COMMENT = /\/\*[!M+]/i;

/** The statement with a top-level `LIMIT` of at most `maxRows + 1` rows (one more tells that rows were cut). */
function limited(sql: string, ast: Node, maxRows: number): string {
  let last: Node = ast;
  while (isNode(last._next)) last = last._next;
  const limit = isNode(last.limit) && Array.isArray(last.limit.value) ? last.limit.value : [];
  const body = sql.trim().replace(/;\s*$/, '');
  if (limit.length === 0) return `${body}\nLIMIT ${maxRows + 1}`;
  const count = isNode(last.limit) && last.limit.seperator === ',' ? limit[1] : limit[0];
  if (!isNode(count) || count.type !== 'number' || typeof count.value !== 'number') throw new Refusal('LIMIT 只能是数字');
  if (count.value <= maxRows) return body;
  const lowered = body.replace(/(\blimit\s+(?:\d+\s*,\s*)?)(\d+)(\s+offset\s+\d+)?\s*$/i, `$1${maxRows + 1}$3`);
  if (lowered === body) throw new Refusal(`LIMIT 不能超过 ${maxRows} 行，请改小`);
  return lowered;
}

/** Checks one statement against the scope; the answer carries the statement to run (with its row limit) or a Chinese reason. */
export function guardSql(dialect: DbType, sql: string, scope: GuardScope, maxRows: number): GuardResult {
  try {
    if (sql.trim() === '') throw new Refusal('SQL 为空');
    if (dialect === 'mysql' && EXECUTABLE_COMMENT.test(sql)) throw new Refusal('不允许 /*! … */ 形式的可执行注释');
    let parsed: unknown;
    try {
      parsed = parserOf(dialect).astify(sql, { database: grammars[dialect].database });
    } catch {
      throw new Refusal(`SQL 无法解析：请只写一条标准的 ${dialect === 'mysql' ? 'MySQL' : 'PostgreSQL'} 查询语句`);
    }
    const statements = Array.isArray(parsed) ? parsed.filter(isNode) : [parsed];
    if (statements.length !== 1) throw new Refusal('一次只能执行一条语句');
    const ast = statements[0];
    if (!isNode(ast) || ast.type !== 'select') throw new Refusal(`只允许查询（SELECT），不允许 ${isNode(ast) ? String(ast.type).toUpperCase() : '该'} 语句`);
    const found: Found = { tables: [], columns: [], stars: [], aliases: new Set(), cteNames: new Set() };
    walk(ast, found);
    const tables = checkNames(found, scope);
    return { ok: true, sql: limited(sql, ast, maxRows), tables };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.message };
    throw error;
  }
}
