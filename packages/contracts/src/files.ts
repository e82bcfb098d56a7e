import { z } from 'zod';
import { id, optionalText, pageQuery } from './fields.js';
import { isSafeEntryName, normalizeFolderPath } from './file-rules.js';

/**
 * The file manager (`/kb/files/*` and `/common/file/*`). Two kinds of tree: each user's private tree and one
 * public tree every signed-in user reads. Entries are files or real folders.
 */
export const folderPath = z
  .string({ error: '路径必须是文本' })
  .max(1000, '路径不能超过 1000 个字符')
  .transform((value, ctx) => {
    const normalized = normalizeFolderPath(value);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: '路径不合法：须以 / 开头，不能包含 ..、\\ 或特殊字符' });
      return z.NEVER;
    }
    return normalized;
  });

export const entryName = z.string({ error: '名称必须是文本' }).trim().refine(isSafeEntryName, '名称不合法：不能为空、超过 100 个字符，或包含 / \\ : * ? " < > | 等字符');

export interface FileEntry {
  id: string;
  kind: 'file' | 'folder';
  name: string;
  /** The folder the entry is in, e.g. `/` or `/报告/2026`. */
  path: string;
  /** Bytes; null for folders. */
  size: number | null;
  mime: string | null;
  is_private: boolean;
  owner_id: string;
  owner_name: string;
  /** Whether the caller may rename, move, share or delete it. */
  editable: boolean;
  /** Present while a share link is live. */
  share_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface FileDetail extends FileEntry {
  sha256: string | null;
  share_url: string | null;
}

/** `list` (my private tree) and `list_public` (the public tree): one folder's entries, folders first. */
export const listFilesBody = pageQuery.extend({
  path: folderPath.default('/'),
  keyword: optionalText('关键词', 100),
});
export type ListFilesBody = z.infer<typeof listFilesBody>;

export const fileIdBody = z.object({ file_id: id('文件 id') });
export type FileIdBody = z.infer<typeof fileIdBody>;

export const downloadFileBody = fileIdBody.extend({ blob: z.boolean({ error: 'blob 必须是 true 或 false' }).optional() });

/** Deleting a folder deletes what is in it. */
export const deleteFilesBody = z.object({
  ids: z.array(id('文件 id'), { error: 'ids 必须是数组' }).min(1, '请选择要删除的文件').max(500, '一次最多删除 500 项'),
});
export type DeleteFilesBody = z.infer<typeof deleteFilesBody>;

/** Move entries into `target_path` of the same tree; with one id, `name` renames it as well. */
export const moveFilesBody = z
  .object({
    ids: z.array(id('文件 id'), { error: 'ids 必须是数组' }).min(1, '请选择要移动的文件').max(500, '一次最多移动 500 项'),
    target_path: folderPath,
    name: entryName.optional(),
  })
  .refine((body) => !body.name || body.ids.length === 1, { message: '重命名时只能选择一项', path: ['name'] });
export type MoveFilesBody = z.infer<typeof moveFilesBody>;

export const mkdirBody = z.object({
  path: folderPath.default('/'),
  name: entryName,
  is_private: z.boolean({ error: 'is_private 必须是 true 或 false' }).default(true),
});
export type MkdirBody = z.infer<typeof mkdirBody>;

/**
 * `make_public` moves a private file into the public tree at the same path. `expires_in_hours` makes
 * (or, with 0, revokes) a share link anyone holding it may download without signing in.
 */
export const shareFileBody = fileIdBody
  .extend({
    make_public: z.boolean({ error: 'make_public 必须是 true 或 false' }).optional(),
    expires_in_hours: z
      .number({ error: '有效期必须是数字' })
      .int('有效期必须是整数')
      .min(0, '有效期不能小于 0')
      .max(24 * 365, '有效期最长 1 年')
      .optional(),
  })
  .refine((body) => body.make_public !== undefined || body.expires_in_hours !== undefined, { message: '请选择公开或设置分享有效期', path: ['expires_in_hours'] });
export type ShareFileBody = z.infer<typeof shareFileBody>;

/** Multipart text fields of `/kb/files/upload` (the files themselves are `files` parts). */
export const uploadFilesFields = z.object({
  path: folderPath.default('/'),
  /** Replace a file of the same name in that folder; otherwise the new one is renamed `名称 (1).ext`. */
  override: z.stringbool({ error: 'override 必须是 true 或 false' }).default(false),
  is_private: z.stringbool({ error: 'is_private 必须是 true 或 false' }).default(true),
});
export type UploadFilesFields = z.infer<typeof uploadFilesFields>;

export interface UploadFilesResult {
  uploaded: FileEntry[];
  failed: Array<{ name: string; reason: string }>;
}

/** Multipart text fields of `/common/file/upload` (one `file` part, into the caller's private tree). */
export const commonUploadFields = z.object({
  path: folderPath.default('/'),
  need_signed: z.stringbool({ error: 'need_signed 必须是 true 或 false' }).default(false),
});
export type CommonUploadFields = z.infer<typeof commonUploadFields>;

/** `/kb/files/media_url`: a link a video or audio player can fetch (and seek in) without a session. */
export interface MediaUrl {
  url: string;
  expires_at: string;
}

export interface CommonUploadResult extends FileEntry {
  /** With need_signed: a download URL that works without signing in until it expires. */
  signed_url: string | null;
  signed_url_expires_at: string | null;
}
