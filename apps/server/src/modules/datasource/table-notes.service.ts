import type { CreateTableNoteBody, DbTableNote, ListTableNotesBody, UpdateTableNoteBody } from '@agent-platform/contracts';
import { canEdit, type Viewer } from '../../core/index.js';
import { isUniqueViolation, type Db } from '../../platform/db/index.js';
import { connectionNotEditable, tableNoteNotFound, tableNoteTaken } from './datasource.errors.js';
import { storedTableNotes, toTableNote } from './datasource.mapper.js';
import * as repo from './datasource.repo.js';
import type { DatasourceService } from './datasource.service.js';

export type TableNoteService = ReturnType<typeof createTableNoteService>;

/**
 * Business notes on a datasource's tables (`/db/extra_column_info/*`): everyone who may use the
 * datasource reads them (they are what the model sees); its owner and administrators write them.
 */
export function createTableNoteService({ db, datasources }: { db: Db; datasources: DatasourceService }) {
  async function editableConnection(viewer: Viewer, connectionId: string): Promise<void> {
    const row = await datasources.usableRow(viewer, connectionId);
    if (!canEdit(viewer, row)) throw connectionNotEditable();
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

    getTableNote: async (viewer: Viewer, id: string): Promise<DbTableNote> => toTableNote(await visibleNote(viewer, id)),

    async listTableNotes(viewer: Viewer, { connection_id, table_name }: ListTableNotesBody): Promise<DbTableNote[]> {
      await datasources.usableRow(viewer, connection_id);
      return (await repo.listTableNotes(db, connection_id, table_name)).map(toTableNote);
    },
  };
}
