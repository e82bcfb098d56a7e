import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.js';

export type FileTree = 'private' | 'public';
export type FileKind = 'file' | 'folder';

/** Stands for "no parent" in the unique keys, so two roots of one tree compare equal. */
export const ROOT_PARENT = '00000000-0000-0000-0000-000000000000';

/**
 * The file manager: files and real folders, in each user's private tree and in the one public tree.
 * A file's bytes live in the blob store under `storage_key` (a random id, never the name).
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The creator; in the private tree, the only one who sees it. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tree: text('tree').$type<FileTree>().notNull(),
    kind: text('kind').$type<FileKind>().notNull(),
    /** The folder it is in; null at the root of its tree. */
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    mime: text('mime'),
    sha256: text('sha256'),
    /** sha256 of the live share link's token; the link is refused once it no longer matches. */
    shareTokenHash: text('share_token_hash'),
    shareExpiresAt: timestamp('share_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ columns: [table.parentId], foreignColumns: [table.id], name: 'files_parent_id_fkey' }).onDelete('cascade'),
    // One name per folder: per owner in private trees, shared by everyone in the public tree. Listing a
    // folder filters on the same expressions, so these indexes serve it too.
    uniqueIndex('files_private_name_key')
      .on(table.ownerId, sql`coalesce(${table.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, table.name)
      .where(sql`${table.tree} = 'private'`),
    uniqueIndex('files_public_name_key')
      .on(sql`coalesce(${table.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, table.name)
      .where(sql`${table.tree} = 'public'`),
    // A folder's page in listing order (folders first: 'folder' > 'file', then by name) and its total,
    // from the index alone, however many entries the folder holds.
    index('files_private_listing_idx')
      .on(table.ownerId, sql`coalesce(${table.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, table.kind.desc().nullsFirst(), table.name, table.id)
      .where(sql`${table.tree} = 'private'`),
    index('files_public_listing_idx')
      .on(sql`coalesce(${table.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, table.kind.desc().nullsFirst(), table.name, table.id)
      .where(sql`${table.tree} = 'public'`),
    index('files_parent_id_idx').on(table.parentId),
    uniqueIndex('files_share_token_hash_key').on(table.shareTokenHash),
  ],
);
