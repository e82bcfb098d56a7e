import { edgesOf, type ModuleReferences } from '../../core/index.js';
import { thingList, type Db } from '../../platform/db/index.js';
import { tagColumnReferences } from '../tag/index.js';
import { countKbsByOwner, kbsUsingFiles, kbsUsingModels } from './knowledge.repo.js';
import { knowledgeBases } from './knowledge.tables.js';

/**
 * What knowledge bases refer to: the models they embed and rerank with (neither deleted nor renamed
 * while used) and the files their documents were made from (not deleted while used); every knowledge
 * base for the topology; how many each user owns; their tags. Only the database is needed, so app.ts builds the registry before the modules.
 */
export const knowledgeReferences = (db: Db): ModuleReferences<Db> => ({
  references: [
    { from: 'knowledge_base', label: '知识库', to: 'model', blocksDelete: true, find: async (names) => edgesOf('knowledge_base', await kbsUsingModels(db, names)) },
    { from: 'knowledge_base', label: '知识库', to: 'file', blocksDelete: true, find: async (ids) => edgesOf('knowledge_base', await kbsUsingFiles(db, ids)) },
  ],
  things: [
    thingList(db, 'knowledge_base', knowledgeBases, {
      id: knowledgeBases.id,
      name: knowledgeBases.name,
      ownerId: knowledgeBases.ownerId,
      isPublic: knowledgeBases.isPublic,
      tags: knowledgeBases.tags,
    }),
  ],
  owned: [{ key: 'knowledge_bases', countByOwner: (userIds) => countKbsByOwner(db, userIds) }],
  tagged: [tagColumnReferences('kb', knowledgeBases, knowledgeBases.tags)],
});
