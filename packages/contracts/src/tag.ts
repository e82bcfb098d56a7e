import { z } from 'zod';
import { id, optionalText, requiredText } from './fields.js';
import { TAG_COLORS, TAG_MAX_PER_TYPE, TAG_NAME_MAX, TAG_TYPES } from './tag-values.js';

const tagType = z.enum(TAG_TYPES, { error: '标签类型只能是 agent、kb、tool、service、ma 或 asset' });
// Control characters would make a tag invisible or break the lines it is shown on.
const tagName = requiredText('标签名称', TAG_NAME_MAX).regex(/^[^\p{Cc}]*$/u, '标签名称不能包含控制字符');
const tagColor = z.enum(TAG_COLORS, { error: '标签颜色不在可选颜色之中' }).nullable();
/** null (or leaving it out on create) makes a first-level tag. */
const parentId = id('上级标签 id').nullable();

/** The tags a knowledge base, agent, tool or service carries: names of tags of the tag manager. */
export const tagNameList = z.array(requiredText('标签', TAG_NAME_MAX), { error: '标签必须是数组' }).max(10, '最多 10 个标签');
/** A list's filter by one tag (a first-level tag finds its children's things too). */
export const tagFilter = optionalText('标签', TAG_NAME_MAX);

export const queryTagsBody = z.object({ tag_type: tagType.optional(), keyword: optionalText('关键词', 50) });
export type QueryTagsBody = z.infer<typeof queryTagsBody>;

export const querySubTagsBody = z.object({ tag_type: tagType });
export type QuerySubTagsBody = z.infer<typeof querySubTagsBody>;

export const createTagBody = z.object({
  tag_type: tagType,
  name: tagName,
  parent_id: parentId.optional(),
  color: tagColor.optional(),
});
export type CreateTagBody = z.infer<typeof createTagBody>;

/** The type is fixed once created; `sort` is the new position among the siblings (0 = first). */
export const updateTagBody = z.object({
  id: id('标签 id'),
  name: tagName.optional(),
  parent_id: parentId.optional(),
  color: tagColor.optional(),
  sort: z.number({ error: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于 0').max(TAG_MAX_PER_TYPE, `排序不能大于 ${TAG_MAX_PER_TYPE}`).optional(),
});
export type UpdateTagBody = z.infer<typeof updateTagBody>;

export const tagIdBody = z.object({ id: id('标签 id') });
export type TagIdBody = z.infer<typeof tagIdBody>;
