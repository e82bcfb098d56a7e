import type { CreateTagBody, QueryTagsBody, SubTag, Tag, TagNode, TagType, UpdateTagBody } from '@agent-platform/contracts';
import { http } from '../../lib/http';

export function queryTags(body: QueryTagsBody): Promise<TagNode[]> {
  return http.post<TagNode[]>('/tag/tag_query', body);
}

export function listSubTags(tagType: TagType): Promise<SubTag[]> {
  return http.post<SubTag[]>('/tag/query_sub_tags', { tag_type: tagType });
}

export function createTag(body: CreateTagBody): Promise<Tag> {
  return http.post<Tag>('/tag/tag_create', body);
}

export function updateTag(body: UpdateTagBody): Promise<Tag> {
  return http.post<Tag>('/tag/tag_update', body);
}

export function deleteTag(id: string): Promise<null> {
  return http.post<null>('/tag/tag_delete', { id });
}
