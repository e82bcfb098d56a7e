import { createTagBody, querySubTagsBody, queryTagsBody, tagIdBody, updateTagBody } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/index.js';
import type { TagAdminService } from './tag.service.js';

/** Tags: everyone signed in reads the tags (lists filter by them); administrators change them. */
export function tagRoutes(app: FastifyInstance, tags: TagAdminService): void {
  route(app, { url: '/tag/tag_query', access: 'user', body: queryTagsBody, handler: ({ body }) => tags.queryTags(body) });
  route(app, { url: '/tag/query_sub_tags', access: 'user', body: querySubTagsBody, handler: ({ body }) => tags.listSubTags(body.tag_type) });
  route(app, { url: '/tag/tag_create', access: 'admin', body: createTagBody, handler: ({ user, body }) => tags.createTag(user.id, body) });
  route(app, { url: '/tag/tag_update', access: 'admin', body: updateTagBody, handler: ({ body }) => tags.updateTag(body) });
  route(app, { url: '/tag/tag_delete', access: 'admin', body: tagIdBody, handler: ({ body }) => tags.deleteTag(body.id) });
}
