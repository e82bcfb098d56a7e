import type { Db } from '../../platform/db/index.js';
import { createTagService } from './tag.lookup.js';
import { createReferenceRegistry, type ReferenceRegistry } from '../../core/index.js';
import { createTagAdminService } from './tag.service.js';

export { tagColumnReferences } from './tag-references.js';
export { taggedWithAny } from './tag-filter.js';
export { tagRoutes } from './tag.routes.js';
export type { TagService } from './tag.lookup.js';
export type { TagAdminService } from './tag.service.js';

export interface TagModuleDeps {
  db: Db;
  /** Where modules store tag names on their rows: renamed and deleted tags are carried over to them. */
  references?: ReferenceRegistry<Db>;
}

/** Platform-wide typed tags: the manager behind `/tag/*`, and `tags` for modules that filter by tag. */
export function createTagModule({ db, references = createReferenceRegistry([]) }: TagModuleDeps) {
  return { admin: createTagAdminService({ db, references }), tags: createTagService(db) };
}
