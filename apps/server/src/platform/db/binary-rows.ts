import { PGlite, protocol } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { joined } from './pglite-prepared-statements.js';

/*
 * Rows in PostgreSQL's binary format, straight from PGlite's protocol bytes. PGlite's own `query` asks for
 * text: a `bytea` then travels as hex (twice its size), is decoded to a JavaScript string, copied and parsed
 * again; for the full-text index's rows (hundreds of kilobytes per search at 100,000 segments) that was a
 * third of a search, all on the server's thread. Here each field is a view of the received bytes, decoded
 * by the caller.
 */

const dialect = new PgDialect();
/** Statements prepared on a PGlite instance, by text. */
const prepared = new WeakMap<PGlite, Map<string, string>>();
let statements = 0;
/** PostgreSQL's "cached plan must not change result type": the statement is prepared again. */
const PLAN_CHANGED_RESULT_TYPE = '0A000';
const DATA_ROW = 0x44;
const ERROR_RESPONSE = 0x45;

/** The first error in the messages, as PGlite's parser reads it (with its SQLSTATE `code`). */
function errorIn(bytes: Uint8Array): Error | undefined {
  let found: Error | undefined;
  new protocol.Parser().parse(bytes, (message) => {
    if (!found && message instanceof protocol.messages.DatabaseError) found = message;
  });
  return found;
}

/** The data rows of a response, each a list of field views (null for SQL NULL); throws the first error. */
function dataRowsOf(bytes: Uint8Array): Array<Array<Uint8Array | null>> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows: Array<Array<Uint8Array | null>> = [];
  for (let offset = 0; offset < bytes.length;) {
    const type = bytes[offset]!;
    const end = offset + 1 + view.getInt32(offset + 1);
    if (type === ERROR_RESPONSE) throw errorIn(bytes.subarray(offset, end)) ?? new Error('数据库返回了无法解析的错误');
    if (type === DATA_ROW) {
      const fields: Array<Uint8Array | null> = new Array(view.getInt16(offset + 5));
      let at = offset + 7;
      for (let index = 0; index < fields.length; index += 1) {
        const length = view.getInt32(at);
        at += 4;
        fields[index] = length < 0 ? null : bytes.subarray(at, at + length);
        if (length > 0) at += length;
      }
      rows.push(fields);
    }
    offset = end;
  }
  return rows;
}

/**
 * A Bind message asking for every result column in binary. PGlite's bundled serializer writes the count of
 * result format codes (1) but not the code itself for `binary: true`, which PostgreSQL refuses; so the
 * text Bind is extended: its last field, the count 0, becomes count 1 followed by code 1.
 */
function bindBinary(statement: string, values: Array<string | null>): Uint8Array {
  const text = protocol.serialize.bind({ statement, values });
  const message = new Uint8Array(text.length + 2);
  message.set(text);
  const view = new DataView(message.buffer);
  view.setInt32(1, view.getInt32(1) + 2);
  view.setInt16(text.length - 2, 1);
  view.setInt16(text.length, 1);
  return message;
}

async function runBinary(client: PGlite, text: string, values: Array<string | null>): Promise<Array<Array<Uint8Array | null>>> {
  const { serialize } = protocol;
  const names = prepared.get(client) ?? new Map<string, string>();
  prepared.set(client, names);
  let name = names.get(text);
  if (!name) {
    name = `binary_${(statements += 1)}`;
    await client.execProtocolStream(joined(serialize.parse({ name, text }), serialize.sync()), { syncToFs: false });
    names.set(text, name);
  }
  const chunks: Uint8Array[] = [];
  // The chunks are views of PGlite's memory, valid only during the call: copied.
  await client.execProtocolRawStream(joined(bindBinary(name, values), serialize.execute({}), serialize.sync()), {
    syncToFs: false,
    onRawData: (chunk) => chunks.push(chunk.slice()),
  });
  return dataRowsOf(chunks.length === 1 ? chunks[0]! : joined(...chunks));
}

/**
 * Runs a read-only statement on PGlite with every column in binary format; `undefined` when `db` is not
 * PGlite (PostgreSQL's server encodes text in its own process, so the text path costs it little; and
 * node-postgres decodes every field of a connection in one mode, so a binary query on a text connection
 * comes back mangled), or is a transaction.
 */
export async function selectBinaryRows(db: Db, query: SQL): Promise<Array<Array<Uint8Array | null>> | undefined> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return undefined;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const values = params.map((value) => (value === null || value === undefined ? null : String(value)));
  await client._checkReady();
  // The same two locks, in the same order, as PGlite's own `query`.
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      try {
        return await runBinary(client, text, values);
      } catch (error) {
        if ((error as { code?: unknown }).code !== PLAN_CHANGED_RESULT_TYPE) throw error;
        const stale = prepared.get(client)?.get(text);
        prepared.get(client)?.delete(text);
        if (stale) await client.execProtocolStream(joined(protocol.serialize.close({ type: 'S', name: stale }), protocol.serialize.sync()), { syncToFs: false, throwOnError: false });
        return runBinary(client, text, values);
      }
    }),
  );
}

/** A binary `int4` (or `int8` within JavaScript's safe range) field. */
export function binaryInteger(field: Uint8Array | null): number {
  if (!field) throw new Error('数据库返回了空的整数');
  const view = new DataView(field.buffer, field.byteOffset, field.byteLength);
  return field.length === 8 ? Number(view.getBigInt64(0)) : view.getInt32(0);
}
