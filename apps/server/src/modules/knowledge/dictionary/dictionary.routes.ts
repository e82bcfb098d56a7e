import { kbIdBody, updateKbDictionaryBody, updatePlatformDictionaryBody } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/index.js';
import type { DictionaryService } from './dictionary.service.js';

/** User dictionaries: a knowledge base's (its owner) and the platform's (administrators). */
export function dictionaryRoutes(app: FastifyInstance, dictionaries: DictionaryService): void {
  route(app, { url: '/kb/get_dictionary', access: 'user', body: kbIdBody, handler: ({ user, body }) => dictionaries.getKbDictionary(user, body.kb_id) });
  route(app, { url: '/kb/update_dictionary', access: 'user', body: updateKbDictionaryBody, handler: ({ user, body }) => dictionaries.updateKbDictionary(user, body) });
  route(app, { method: 'GET', url: '/kb/get_platform_dictionary', access: 'admin', handler: () => dictionaries.getPlatformDictionary() });
  route(app, {
    url: '/kb/update_platform_dictionary',
    access: 'admin',
    body: updatePlatformDictionaryBody,
    handler: ({ body }) => dictionaries.updatePlatformDictionary(body.words),
  });
}
