import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { StatementNames } from './prepared-statements.js';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface StatementShape {
  paramTypes: number[];
  /** What `Describe` said of the rows: a named statement's `Execute` does not say it again. */
  rowDescription: BackendMessage | undefined;
}

/**
 * The types drizzle reads as text: with every query it passes its own parsers for them, each returning
 * the text as it is. PGlite then merges them with all of its parsers for that query — an object of a few
 * hundred entries keyed by type id, ~0.3 ms of a `select 1` (CPU profile) — so the server's PGlite parses
 * these types as text itself (`openPglite`), and drizzle's parsers for them are dropped from the query.
 */
const DRIZZLE_TEXT_TYPES = [1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231];
const textAsIs = (value: string) => value;
/** What `openPglite` gives PGlite as its own parsers for those types. */
export const DRIZZLE_TEXT_PARSERS: Record<number, (value: string) => string> = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, textAsIs]));

/** The options without parsers that only say "as text" for types the client itself already reads as text. */
function withoutTextParsers(options: QueryOptions | undefined, own: PGlite['parsers']): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers || !Object.keys(parsers).every((type) => DRIZZLE_TEXT_TYPES.includes(Number(type)) && own[Number(type)] === textAsIs)) return options;
  const { parsers: _dropped, ...rest } = options;
  return rest;
}

/** PostgreSQL's "cached plan must not change result type": the statement is prepared again. */
const PLAN_CHANGED_RESULT_TYPE = '0A000';
/** Run the statement the ordinary way (it could not be prepared; the ordinary run reports why). */
const ORDINARY = Symbol('ordinary');

/** Protocol messages (or received pieces) as one array of bytes. */
export function joined(...messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    out.set(message, offset);
    offset += message.length;
  }
  return out;
}

/**
 * Frequent statements run on PGlite as named prepared statements: parsed and planned once instead of
 * at every run, which was half of a small write's cost (measured: 341 → 170 µs for a message's
 * insert), and sent as one message (bind, execute, sync) instead of six calls. PGlite runs every statement
 * on this process's thread, so this is the server's own CPU. Statements inside a transaction (which
 * PGlite runs on its own path) and statements with options this path does not know run as before.
 */
export function prepareFrequentPgliteStatements(client: PGlite): void {
  const names = new StatementNames();
  const shapes = new Map<string, StatementShape>();
  const ordinaryQuery = client.query.bind(client);
  const { serialize } = protocol;

  async function shapeOf(name: string, text: string): Promise<StatementShape | undefined> {
    const known = shapes.get(name);
    if (known) return known;
    try {
      const messages = await client.execProtocolStream(joined(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()), { syncToFs: false });
      const shape = { paramTypes: parse.parseDescribeStatementResults(messages), rowDescription: messages.find((message) => message.name === 'rowDescription') };
      shapes.set(name, shape);
      return shape;
    } catch {
      return undefined;
    }
  }

  /** A parameter as PGlite's own `query` writes it: text, or bytes (which the protocol writer sends in binary). */
  function serialized(value: unknown, type: number | undefined, options: QueryOptions | undefined): string | Uint8Array | null {
    if (value === null || value === undefined) return null;
    const serialize = type === undefined ? undefined : (options?.serializers?.[type] ?? client.serializers[type]);
    return serialize ? (serialize(value) as string | Uint8Array) : String(value);
  }

  async function runPrepared(name: string, text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results | typeof ORDINARY> {
    const shape = await shapeOf(name, text);
    if (!shape) return ORDINARY;
    const values = params.map((value, index) => serialized(value, shape.paramTypes[index], options));
    let messages: BackendMessage[];
    try {
      messages = await client.execProtocolStream(joined(serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()), { syncToFs: false });
    } catch (error) {
      if ((error as { code?: unknown }).code === PLAN_CHANGED_RESULT_TYPE) {
        shapes.delete(name);
        await client.execProtocolStream(joined(serialize.close({ type: 'S', name }), serialize.sync()), { syncToFs: false, throwOnError: false });
        return ORDINARY;
      }
      throw Object.assign(error as object, { query: text, params, queryOptions: options });
    }
    await client.syncToFs();
    return parse.parseResults(shape.rowDescription ? [shape.rowDescription, ...messages] : messages, client.parsers, options)[0]!;
  }

  client.query = (async (text: string, params: unknown[] = [], asked?: QueryOptions) => {
    const options = withoutTextParsers(asked, client.parsers);
    const name = options?.blob || options?.paramTypes ? undefined : names.nameFor(text);
    if (!name) return ordinaryQuery(text, params, options);
    await client._checkReady();
    // The same two locks, in the same order, as PGlite's own `query`.
    const result = await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => runPrepared(name, text, params, options)));
    return result === ORDINARY ? ordinaryQuery(text, params, options) : result;
  }) as PGlite['query'];
}
