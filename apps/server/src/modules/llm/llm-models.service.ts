import {
  looksMasked,
  maskSecret,
  presetBaseUrl,
  type CreateLlmModelBody,
  type ListLlmModelsBody,
  type LlmModel,
  type LlmStatus,
  type Page,
  type UpdateLlmModelBody,
} from '@agent-platform/contracts';
import { badInput, type ReferenceRegistry, requireEditable, requireVisible, type Viewer } from '../../core/index.js';
import { isUniqueViolation, type Db } from '../../platform/db/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import { maskedKeyGiven, modelInUse, modelNameTaken, modelNotFound } from './llm.errors.js';
import { toLlmModel } from './llm.mapper.js';
import * as repo from './llm.repo.js';
import type { ModelCache } from './model-cache.js';

const WHAT = '模型';

export interface ModelRegistryDeps {
  db: Db;
  secrets: SecretBox;
  /** Things that use models by name (agents, knowledge bases): a model they use is not deleted or renamed. */
  references: ReferenceRegistry<Db>;
  cache: ModelCache;
}

export type ModelRegistry = ReturnType<typeof createModelRegistry>;

/** The model registry: visibility, masking and sealing of keys, and the rules for changing models. */
export function createModelRegistry({ db, secrets, references, cache }: ModelRegistryDeps) {
  const show = (row: repo.LlmModelRow, viewer: Viewer) => toLlmModel(row, viewer, secrets);

  /** The sealed key to store: `undefined` keeps the stored one, `null` clears it. */
  function sealedKeyFor(given: string | undefined, current: string | null): string | null | undefined {
    if (given === undefined) return undefined;
    if (given === '') return null;
    if (looksMasked(given)) {
      if (current !== null && given === maskedOf(current)) return undefined;
      throw maskedKeyGiven();
    }
    return secrets.seal(given);
  }

  function maskedOf(sealed: string): string {
    try {
      return maskSecret(secrets.open(sealed));
    } catch {
      return '****';
    }
  }

  async function assertUnused(llmName: string, action: string): Promise<void> {
    const users = await references.usersOf('model', [llmName.toLowerCase()]);
    if (users.length > 0) throw modelInUse(llmName, action, users);
  }

  async function getEditableRow(viewer: Viewer, id: string) {
    return requireEditable(viewer, await repo.findModelById(db, id), WHAT);
  }

  async function saved(row: Promise<repo.LlmModelRow | undefined>, llmName: string): Promise<repo.LlmModelRow> {
    try {
      const result = await row;
      if (!result) throw modelNotFound();
      return result;
    } catch (error) {
      if (isUniqueViolation(error)) throw modelNameTaken(llmName);
      throw error;
    }
  }

  return {
    async listModels(viewer: Viewer, { page, page_size, ...filter }: ListLlmModelsBody): Promise<Page<LlmModel>> {
      const { total, rows } = await repo.listModels(db, viewer, filter, (page - 1) * page_size, page_size);
      return { total, list: rows.map((row) => show(row, viewer)) };
    },

    async getModelById(viewer: Viewer, id: string): Promise<LlmModel> {
      return show(requireVisible(viewer, await repo.findModelById(db, id), WHAT), viewer);
    },

    async getModelConfig(viewer: Viewer, llmName: string): Promise<LlmModel> {
      return show(requireVisible(viewer, await repo.findModelByName(db, llmName), WHAT), viewer);
    },

    async createModel(viewer: Viewer, body: CreateLlmModelBody): Promise<LlmModel> {
      const provider = body.provider ?? 'openai-compatible';
      const row = await repo.insertModel(db, {
        llmName: body.llm_name,
        displayName: body.display_name || body.llm_name,
        type: body.type,
        provider,
        baseUrl: body.base_url || presetBaseUrl(provider),
        apiKeySealed: sealedKeyFor(body.api_key, null) ?? null,
        upstreamModel: body.upstream_model || body.llm_name,
        contextWindow: body.context_window,
        temperature: body.temperature,
        topP: body.top_p,
        maxTokens: body.max_tokens,
        supportsTools: body.supports_tools,
        supportsVision: body.supports_vision ?? body.type === 'vision',
        description: body.description,
        status: body.status,
        isPublic: body.is_public,
        ownerId: viewer.id,
      });
      if (!row) throw modelNameTaken(body.llm_name);
      await cache.changed();
      return show(row, viewer);
    },

    async updateModel(viewer: Viewer, { id, ...body }: UpdateLlmModelBody): Promise<LlmModel> {
      const current = await getEditableRow(viewer, id);
      const renamed = body.llm_name !== undefined && body.llm_name !== current.llmName;
      if (renamed) await assertUnused(current.llmName, '改名');
      // A new provider brings its preset address unless an address is given.
      const providerChanged = body.provider !== undefined && body.provider !== current.provider;
      const baseUrl = body.base_url || (providerChanged ? presetBaseUrl(body.provider!) || current.baseUrl : current.baseUrl);
      if (!baseUrl) throw badInput('参数 base_url 不合法：请输入接口地址');
      const llmName = body.llm_name ?? current.llmName;
      const row = await saved(
        repo.updateModel(db, id, {
          llmName,
          displayName: body.display_name === '' ? llmName : body.display_name,
          type: body.type,
          provider: body.provider,
          baseUrl,
          apiKeySealed: sealedKeyFor(body.api_key, current.apiKeySealed),
          upstreamModel: body.upstream_model,
          contextWindow: body.context_window,
          temperature: body.temperature,
          topP: body.top_p,
          maxTokens: body.max_tokens,
          supportsTools: body.supports_tools,
          supportsVision: body.supports_vision,
          description: body.description,
          status: body.status,
          isPublic: body.is_public,
        }),
        llmName,
      );
      await cache.changed();
      return show(row, viewer);
    },

    async updateStatus(viewer: Viewer, id: string, status: LlmStatus): Promise<LlmModel> {
      const current = await getEditableRow(viewer, id);
      const row = await saved(repo.updateModel(db, id, { status }), current.llmName);
      await cache.changed();
      return show(row, viewer);
    },

    async deleteModel(viewer: Viewer, id: string): Promise<void> {
      const current = await getEditableRow(viewer, id);
      await assertUnused(current.llmName, '删除');
      if (!(await repo.deleteModel(db, id))) throw modelNotFound();
      await cache.changed();
    },
  };
}
