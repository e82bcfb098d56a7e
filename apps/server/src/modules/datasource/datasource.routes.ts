import {
  collectSampleValuesBody,
  connectionIdBody,
  createConnectionBody,
  createTableNoteBody,
  listConnectionsBody,
  listTableNotesBody,
  tableNoteIdBody,
  testConnectionBody,
  updateConnectionBody,
  updateTableNoteBody,
} from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { route, thingTarget } from '../../platform/http/index.js';
import type { DatasourceService } from './datasource.service.js';
import type { TableNoteService } from './table-notes.service.js';

/** `/db/dbconnect/*` (datasources) and `/db/extra_column_info/*` (notes on their tables). */
export function datasourceRoutes(app: FastifyInstance, { datasources, notes }: { datasources: DatasourceService; notes: TableNoteService }): void {
  const base = '/db/dbconnect';
  route(app, { url: `${base}/create_connection`, access: 'user', body: createConnectionBody, handler: ({ user, body }) => datasources.createConnection(user, body) });
  route(app, { url: `${base}/update_connection`, access: 'user', body: updateConnectionBody, handler: ({ user, body }) => datasources.updateConnection(user, body) });
  route(app, {
    url: `${base}/delete_connection_by_id`,
    access: 'user',
    body: connectionIdBody,
    audit: { action: 'datasource.delete', before: async ({ user, body }) => thingTarget('datasource', await datasources.getConnection(user, body.id)) },
    handler: ({ user, body }) => datasources.deleteConnection(user, body.id),
  });
  route(app, { url: `${base}/query_connection_by_id`, access: 'user', body: connectionIdBody, handler: ({ user, body }) => datasources.getConnection(user, body.id) });
  route(app, { url: `${base}/query_connection`, access: 'user', body: listConnectionsBody, handler: ({ user, body }) => datasources.listUsable(user, body) });
  route(app, { url: `${base}/query_my_connection`, access: 'user', body: listConnectionsBody, handler: ({ user, body }) => datasources.listMine(user, body) });
  route(app, { url: `${base}/query_access_list`, access: 'user', body: connectionIdBody, handler: ({ user, body }) => datasources.listAccessUsers(user, body.id) });
  route(app, { url: `${base}/query_tables_by_conn_id`, access: 'user', body: connectionIdBody, handler: ({ user, body }) => datasources.listTables(user, body.id) });
  route(app, { url: `${base}/test_connection`, access: 'user', body: testConnectionBody, handler: ({ user, body }) => datasources.testConnection(user, body) });

  const notesBase = '/db/extra_column_info';
  route(app, { url: `${notesBase}/create_extra_table_info`, access: 'user', body: createTableNoteBody, handler: ({ user, body }) => notes.createTableNote(user, body) });
  route(app, { url: `${notesBase}/update_extra_table_info`, access: 'user', body: updateTableNoteBody, handler: ({ user, body }) => notes.updateTableNote(user, body) });
  route(app, { url: `${notesBase}/delete_extra_table_info_by_id`, access: 'user', body: tableNoteIdBody, handler: ({ user, body }) => notes.deleteTableNote(user, body.id) });
  route(app, { url: `${notesBase}/query_extra_table_info_by_id`, access: 'user', body: tableNoteIdBody, handler: ({ user, body }) => notes.getTableNote(user, body.id) });
  route(app, { url: `${notesBase}/collect_sample_values`, access: 'user', body: collectSampleValuesBody, handler: ({ user, body }) => notes.collectSampleValues(user, body) });
  route(app, { url: `${notesBase}/query_extra_table_info`, access: 'user', body: listTableNotesBody, handler: ({ user, body }) => notes.listTableNotes(user, body) });
}
