import {
  DB_QUERY_DEFAULTS,
  DB_SAMPLE_LIMITS,
  type CollectSampleValuesBody,
  type ColumnNote,
  type CreateTableNoteBody,
  type DbTableNote,
  type ListTableNotesBody,
  type UpdateTableNoteBody,
} from '@agent-platform/contracts';
import { canEdit, type Viewer } from '../../core/index.js';
import { isUniqueViolation, type Db } from '../../platform/db/index.js';
import { quoteIdentifier, type SqlClient } from '../../platform/sql/index.js';
import type { ClientCache } from './datasource-clients.js';
import { connectionNotEditable, tableNoteNotFound, tableNoteTaken, tableNotInDatasource } from './datasource.errors.js';
import { storedTableNotes, toTableNote } from './datasource.mapper.js';
import * as repo from './datasource.repo.js';
import type { DatasourceService } from './datasource.service.js';

export type TableNoteService = ReturnType<typeof createTableNoteService>;

/**
 * Business notes on a datasource's tables (`/db/extra_column_info/*`): everyone who may use the
 * datasource reads them (they are what the model sees); its owner and administrators write them.
 */
export function createTableNoteService({ db, datasources, clients }: { db: Db; datasources: DatasourceService; clients: ClientCache }) {
  async function editableConnection(viewer: Viewer, connectionId: string): Promise<repo.ConnectionListRow> {
    const row = await datasources.usableRow(viewer, connectionId);
    if (!canEdit(viewer, row)) throw connectionNotEditable();
    return row;
  }

  /** Each column's distinct values, most frequent first, when it has few enough of them (our own statements, run read-only). */
  async function sampleValues(client: SqlClient, table: string, columns: string[]): Promise<Map<string, string[]>> {
    const limits = {
      statementTimeoutMs: clients.statementTimeoutMs,
      maxRows: DB_SAMPLE_LIMITS.max_distinct + 1,
      maxCellChars: DB_SAMPLE_LIMITS.max_value_chars,
      maxResultChars: DB_QUERY_DEFAULTS.max_result_chars,
    };
    const q = (name: string) => quoteIdentifier(client.dialect, name);
    const found = new Map<string, string[]>();
    for (const column of columns.slice(0, DB_SAMPLE_LIMITS.max_columns)) {
      const sql = `select ${q(column)} from ${q(table)} where ${q(column)} is not null group by ${q(column)} order by count(*) desc limit ${DB_SAMPLE_LIMITS.max_distinct + 1}`;
      const { rows } = await client.runReadOnly(sql, limits);
      if (rows.length <= DB_SAMPLE_LIMITS.max_distinct)
        found.set(
          column,
          rows.map((row) => String(row[0])),
        );
    }
    return found;
  }

  /** The note, if its datasource is usable by the viewer; 40401 otherwise. */
  async function visibleNote(viewer: Viewer, id: string): Promise<repo.TableNoteRow> {
    const row = await repo.findTableNote(db, id);
    if (!row) throw tableNoteNotFound();
    try {
      await datasources.usableRow(viewer, row.connectionId);
    } catch {
      throw tableNoteNotFound();
    }
    return row;
  }

  return {
    async createTableNote(viewer: Viewer, body: CreateTableNoteBody): Promise<DbTableNote> {
      await editableConnection(viewer, body.connection_id);
      try {
        const row = await repo.insertTableNote(db, {
          connectionId: body.connection_id,
          tableName: body.table_name,
          description: body.description,
          notes: storedTableNotes.write({ synonyms: body.synonyms, columns: body.columns }),
          createdBy: viewer.id,
        });
        if (!row) throw tableNoteTaken(body.table_name);
        return toTableNote(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw tableNoteTaken(body.table_name);
        throw error;
      }
    },

    async updateTableNote(viewer: Viewer, { id, ...body }: UpdateTableNoteBody): Promise<DbTableNote> {
      const current = await visibleNote(viewer, id);
      await editableConnection(viewer, current.connectionId);
      const notes = storedTableNotes.read(current.notes);
      const row = await repo.updateTableNote(db, id, {
        description: body.description,
        notes: storedTableNotes.write({ synonyms: body.synonyms ?? notes.synonyms, columns: body.columns ?? notes.columns }),
      });
      if (!row) throw tableNoteNotFound();
      return toTableNote(row);
    },

    async deleteTableNote(viewer: Viewer, id: string): Promise<void> {
      const current = await visibleNote(viewer, id);
      await editableConnection(viewer, current.connectionId);
      if (!(await repo.deleteTableNote(db, id))) throw tableNoteNotFound();
    },

    /** Collects the distinct values of the table's low-cardinality columns into its notes (created when it has none). */
    async collectSampleValues(viewer: Viewer, { connection_id, table_name }: CollectSampleValuesBody): Promise<DbTableNote> {
      const connection = await editableConnection(viewer, connection_id);
      const samples = await clients.run(connection, async (client) => {
        const table = (await client.listTables()).find((entry) => entry.name === table_name);
        if (!table) throw tableNotInDatasource(table_name);
        return sampleValues(
          client,
          table.name,
          table.columns.map((column) => column.name),
        );
      });
      const current = (await repo.listTableNotes(db, connection_id, table_name))[0];
      const notes = current ? storedTableNotes.read(current.notes) : { synonyms: [], columns: [] };
      const blank = (name: string): ColumnNote => ({ name, description: '', synonyms: [], unit: '', code_meanings: '', sample_values: [] });
      const columns = notes.columns.map((column) => (samples.has(column.name) ? { ...column, sample_values: samples.get(column.name)! } : column));
      for (const [name, values] of samples) if (!columns.some((column) => column.name === name)) columns.push({ ...blank(name), sample_values: values });
      const stored = storedTableNotes.write({ synonyms: notes.synonyms, columns });
      const row = current
        ? await repo.updateTableNote(db, current.id, { notes: stored })
        : await repo.insertTableNote(db, { connectionId: connection_id, tableName: table_name, notes: stored, createdBy: viewer.id });
      if (!row) throw tableNoteTaken(table_name);
      return toTableNote(row);
    },

    getTableNote: async (viewer: Viewer, id: string): Promise<DbTableNote> => toTableNote(await visibleNote(viewer, id)),

    async listTableNotes(viewer: Viewer, { connection_id, table_name }: ListTableNotesBody): Promise<DbTableNote[]> {
      await datasources.usableRow(viewer, connection_id);
      return (await repo.listTableNotes(db, connection_id, table_name)).map(toTableNote);
    },
  };
}
