import type { KbDocStatus } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** The knowledge base's user dictionary: words the segmenter keeps whole (normalised as the contract stores them). */
    dictionary: jsonb('dictionary').$type<string[]>().notNull().default([]),
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

/**
 * A chunk of a document: the unit of retrieval. `token_count`: its words (BM25's length). Its index terms
 * are not stored: they live in the full-text index only (docs/decisions/full-text-index.md).
 */
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
    tokenCount: integer('token_count').notNull(),
    // Its number in the knowledge base's full-text index and the group it was indexed in; null: not indexed.
    ord: integer('ord'),
    indexGroup: integer('index_group'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Unique: a re-run ingestion that somehow skipped its delete fails instead of duplicating.
    uniqueIndex('kb_segments_doc_seq_key').on(table.docId, table.seq),
    // Also serves lookups by knowledge base alone: a second index on kb_id only cost every insert.
    uniqueIndex('kb_segments_kb_ord_key').on(table.kbId, table.ord),
  ],
);

/*
 * The full-text index BM25 reads (retrieval/term-index.ts keeps it exact in the transactions that write
 * segments; retrieval/index-buckets.ts holds the row format). Segments are indexed in groups, those
 * written together; a group's postings are spread over a fixed number of buckets by a hash of the term,
 * one row per (group, bucket), so a search reads one row per group for each of its terms.
 */

/** Binary data; read and written through raw statements (a Buffer from node-postgres, a Uint8Array from PGlite). */
const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/** A group's postings of the terms that hash to one bucket. */
export const kbIndexBuckets = pgTable(
  'kb_index_buckets',
  {
    kbId: uuid('kb_id')
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: 'cascade' }),
    bucket: integer('bucket').notNull(),
    // The first ordinal of the group's segments.
    groupId: integer('group_id').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [primaryKey({ name: 'kb_index_buckets_pkey', columns: [table.kbId, table.bucket, table.groupId] })],
);

/** A group of segments indexed together: how many of them are still indexed (a group left empty is removed). */
export const kbIndexGroups = pgTable(
  'kb_index_groups',
  {
    kbId: uuid('kb_id')
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull(),
    segments: integer('segments').notNull(),
  },
  (table) => [primaryKey({ name: 'kb_index_groups_pkey', columns: [table.kbId, table.groupId] })],
);

/** The platform's user dictionary (one row, id 1): words every knowledge base keeps whole, beside its own. */
export const kbPlatformDictionary = pgTable('kb_platform_dictionary', {
  id: integer('id').primaryKey(),
  words: jsonb('words').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Segment count and total length of a knowledge base; its row lock orders concurrent index writers. */
export const kbIndexStats = pgTable('kb_index_stats', {
  kbId: uuid('kb_id')
    .primaryKey()
    .references(() => knowledgeBases.id, { onDelete: 'cascade' }),
  segments: integer('segments').notNull().default(0),
  tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
  /** The ordinal the next indexed segment gets. */
  nextOrd: integer('next_ord').notNull().default(0),
});
