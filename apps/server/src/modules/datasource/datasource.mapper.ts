import { columnNote, type DbConnection, type DbTableNote } from '@agent-platform/contracts';
import { z } from 'zod';
import { canEdit, storedJson, type Viewer } from '../../core/index.js';
import type { ConnectionListRow, TableNoteRow } from './datasource.repo.js';

export function toConnection(row: ConnectionListRow, viewer: Viewer): DbConnection {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    db_type: row.dbType,
    host: row.host,
    port: row.port,
    database: row.databaseName,
    schema: row.schemaName,
    user: row.userName,
    has_password: Boolean(row.passwordSealed),
    ssl_mode: row.sslMode,
    ssl_ca: row.sslCa,
    is_public: row.isPublic,
    access_user_ids: row.accessUserIds,
    owner_id: row.ownerId,
    owner_name: row.ownerName,
    editable: canEdit(viewer, row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The `notes` column of `db_table_notes`. */
export const storedTableNotes = storedJson('table notes', {
  version: 1,
  schema: z.object({ synonyms: z.array(z.string()), columns: z.array(columnNote) }),
});

export function toTableNote(row: TableNoteRow): DbTableNote {
  const notes = storedTableNotes.read(row.notes);
  return {
    id: row.id,
    connection_id: row.connectionId,
    table_name: row.tableName,
    description: row.description,
    synonyms: notes.synonyms,
    columns: notes.columns,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
