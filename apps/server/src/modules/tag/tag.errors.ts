import { TAG_MAX_PER_TYPE, TAG_TYPE_LABELS, type TagType } from '@agent-platform/contracts';
import { AppError, badInput, notFound } from '../../core/index.js';

export const tagNotFound = () => notFound('标签');
export const parentNotFound = () => notFound('上级标签');

export const tagNameTaken = (tagType: TagType, name: string) => new AppError('CONFLICT', `同一级下已有名为「${name}」的${TAG_TYPE_LABELS[tagType]}标签（名称不区分大小写），请换一个名称`);

export const tooManyTags = (tagType: TagType) => badInput(`${TAG_TYPE_LABELS[tagType]}标签最多 ${TAG_MAX_PER_TYPE} 个，请先删除不用的标签`);

export const parentOfOtherType = (tagType: TagType) => badInput(`上级标签必须也是${TAG_TYPE_LABELS[tagType]}标签`);

export const parentIsChild = (parentName: string) => badInput(`标签最多两级：「${parentName}」已是子标签，不能在它下面再建标签`);

export const parentIsSelf = () => badInput('标签不能作为自己的上级标签');

export const parentHasChildren = (name: string) => badInput(`「${name}」下有子标签，不能成为其他标签的子标签：标签最多两级`);

export const tagsUnknown = (tagType: TagType, names: string[]) => badInput(`没有名为「${names.join('」「')}」的${TAG_TYPE_LABELS[tagType]}标签，请先在标签管理中添加`);
