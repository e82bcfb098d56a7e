import type { Db } from '../../platform/db/index.js';
import type { FileUsageCheck } from '../files/index.js';
import type { ModelUsageCheck } from '../llm/index.js';
import { tagColumnReferences, type TagReferences } from '../tag/index.js';
import type { OwnedThingsCounter } from '../user/index.js';
import { countKbsByOwner, kbNamesUsingFiles, kbNamesUsingModel } from './knowledge.repo.js';
import { knowledgeBases } from './knowledge.tables.js';

// What other modules ask of knowledge bases. They need only the database, so app.ts hands them out
// before the modules that ask are made.

/** For the files module: a file a document was made from is not deleted. */
export const kbFileUsageCheck =
  (db: Db): FileUsageCheck =>
  async (fileIds) =>
    (await kbNamesUsingFiles(db, fileIds)).map((name) => `知识库「${name}」`);

/** For the model registry: a model a knowledge base embeds or reranks with is neither deleted nor renamed. */
export const kbModelUsageCheck = (db: Db): ModelUsageCheck => ({ kind: '知识库', namesUsing: (llmName) => kbNamesUsingModel(db, llmName) });

/** For the usage statistics: how many knowledge bases each user owns. */
export const kbCounters = (db: Db): OwnedThingsCounter[] => [{ key: 'knowledge_bases', countByOwner: (userIds) => countKbsByOwner(db, userIds) }];

/** For the tag module: knowledge bases store tag names, so renamed and deleted `kb` tags are carried over. */
export const kbTagReferences: TagReferences = tagColumnReferences('kb', knowledgeBases, knowledgeBases.tags);
