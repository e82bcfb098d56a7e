import type { KbDocStatus } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { files } from '../files/files.tables.js';
import { users } from '../user/user.tables.js';

/** Knowledge bases: chunking settings and models; documents and their segments hang below. */
export const knowledgeBases = pgTable(
  'knowledge_bases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    embeddingModel: text('embedding_model'),
    rerankModel: text('rerank_model'),
    chunkSize: integer('chunk_size').notNull(),
    chunkOverlap: integer('chunk_overlap').notNull(),
    separators: jsonb('separators').$type<string[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    isPublic: boolean('is_public').notNull().default(false),
    needsReindex: boolean('needs_reindex').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Uploads go to the owner's folder `/知识库/<名称>`: one name per owner keeps the folders apart.
    uniqueIndex('knowledge_bases_owner_name_key').on(table.ownerId, sql`lower(${table.name})`),
    index('knowledge_bases_public_idx').on(table.isPublic, table.createdAt),
  ],
);

/** One document of a knowledge base, made from a file of the file manager. */
export const kbDocuments = pgTable(
  'kb_documents',
  {
    id: uuid('id').primaryKey(),
    kbId: uuid('kb_id')
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: 'cascade' }),
    // The file stays while a document uses it: the files module asks before deleting, and the key
    // (checked at the end of the statement) catches the rest; a whole account deleted takes both.
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    name: text('name').notNull(),
    size: integer('size').notNull().default(0),
    status: text('status').$type<KbDocStatus>().notNull().default('queued'),
    progress: doublePrecision('progress').notNull().default(0),
    statusText: text('status_text'),
    segmentCount: integer('segment_count').notNull().default(0),
    jobId: uuid('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('kb_documents_kb_id_idx').on(table.kbId, table.createdAt), index('kb_documents_file_id_idx').on(table.fileId)],
);

/** A chunk of a document: the unit of retrieval. `tokens` are jieba words joined by spaces for full text. */
export const kbSegments = pgTable(
  'kb_segments',
  {
    id: uuid('id').primaryKey(),
    kbId: uuid('kb_id')
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: 'cascade' }),
    docId: uuid('doc_id')
      .notNull()
      .references(() => kbDocuments.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    text: text('text').notNull(),
    headings: jsonb('headings').$type<string[]>().notNull().default([]),
    tokens: text('tokens').notNull(),
    tokenCount: integer('token_count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Unique: a re-run ingestion that somehow skipped its delete fails instead of duplicating.
    uniqueIndex('kb_segments_doc_seq_key').on(table.docId, table.seq),
    index('kb_segments_kb_id_idx').on(table.kbId),
    index('kb_segments_tokens_idx').using('gin', sql`to_tsvector('simple', ${table.tokens})`),
  ],
);
