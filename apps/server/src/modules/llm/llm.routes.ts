import {
  createLlmModelBody,
  getModelConfigBody,
  listLlmModelsBody,
  llmIdBody,
  llmModel,
  llmModelPage,
  suggestQuestionsBody,
  testLlmConnectionBody,
  updateLlmModelBody,
  updateLlmStatusBody,
} from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { route, thingTarget } from '../../platform/http/index.js';
import type { ConnectionTester } from './llm-connection.service.js';
import type { ModelRegistry } from './llm-models.service.js';
import type { SuggestionService } from './suggest-questions.service.js';

export interface LlmRouteServices {
  registry: ModelRegistry;
  connection: ConnectionTester;
  suggestions: SuggestionService;
}

/** The model registry; every answer passes the `llmModel` contract, so only masked keys leave. */
export function llmRoutes(app: FastifyInstance, { registry, connection, suggestions }: LlmRouteServices): void {
  route(app, {
    url: '/llm/query_all_models',
    access: 'user',
    body: listLlmModelsBody,
    response: llmModelPage,
    handler: ({ user, body }) => registry.listModels(user, body),
  });
  route(app, {
    url: '/llm/query_llm_by_id',
    access: 'user',
    body: llmIdBody,
    response: llmModel,
    handler: ({ user, body }) => registry.getModelById(user, body.id),
  });
  route(app, {
    url: '/llm/get_model_config',
    access: 'user',
    body: getModelConfigBody,
    response: llmModel,
    handler: ({ user, body }) => registry.getModelConfig(user, body.llm_name),
  });
  route(app, {
    url: '/llm/create_llm_model',
    access: 'user',
    body: createLlmModelBody,
    response: llmModel,
    handler: ({ user, body }) => registry.createModel(user, body),
  });
  route(app, {
    url: '/llm/update_llm_model',
    access: 'user',
    body: updateLlmModelBody,
    response: llmModel,
    handler: ({ user, body }) => registry.updateModel(user, body),
  });
  route(app, {
    url: '/llm/update_status',
    access: 'user',
    body: updateLlmStatusBody,
    response: llmModel,
    handler: ({ user, body }) => registry.updateStatus(user, body.id, body.status),
  });
  route(app, {
    url: '/llm/delete_llm_by_id',
    access: 'user',
    body: llmIdBody,
    audit: {
      action: 'llm.delete',
      before: async ({ user, body }) => {
        const model = await registry.getModelById(user, body.id);
        return thingTarget('model', { id: model.id, name: model.llm_name });
      },
    },
    handler: ({ user, body }) => registry.deleteModel(user, body.id),
  });
  route(app, {
    url: '/llm/test_connection',
    access: 'user',
    body: testLlmConnectionBody,
    handler: ({ user, body }) => connection.testConnection(user, body),
  });
  route(app, {
    url: '/llm/generate_suggest_questions',
    access: 'user',
    body: suggestQuestionsBody,
    handler: ({ user, body }) => suggestions.suggestQuestions(user, body),
  });
}
