import type { ConversationInfo } from '@agent-platform/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { useChatPane } from '../conversations';
import { useChatModels } from '../llm';
import { decideAssetSql, streamAssetChat } from './api';
import { applyAssetEvent, fromAssetMessage, type AssetMessageView } from './asset-messages';
import { ASSET_CHAT_TEXT as TEXT } from './constants';
import { useAsset, useUpdateAsset } from './queries';

/** The asset chat's state: the asset, the model, the conversation, decisions on paused SQL and saving verified questions. */
export function useAssetChat(assetId: string) {
  const asset = useAsset(assetId);
  const models = useChatModels();
  const [chosenModel, setChosenModel] = useState<string | null>(null);
  const model = (models.data ?? []).find((entry) => entry.llm_name === chosenModel) ?? models.data?.[0];
  const update = useUpdateAsset();

  const session = useChatPane<AssetMessageView>({
    start: (turn, options) =>
      streamAssetChat(
        {
          asset_id: assetId,
          llm_name: model?.llm_name ?? '',
          query: turn.question,
          ...(turn.regenerate ? { regenerate: true } : {}),
          ...(turn.conversationId ? { conversation_id: turn.conversationId } : {}),
        },
        options,
      ),
    apply: applyAssetEvent,
    fromStored: fromAssetMessage,
  });

  const decide = (message: AssetMessageView, sql: string | undefined) => {
    if (!message.runId) return;
    const runId = message.runId;
    session.resume(
      message,
      runId,
      (options) => decideAssetSql(runId, sql, options),
      (current) => ({ ...current, pause: null, status: 'streaming' }),
    );
  };

  /** Adds the question this answer answered, with its SQL, to the asset's verified pairs. */
  const saveVerified = (message: AssetMessageView, sql: string) => {
    const index = session.messages.findIndex((entry) => entry.key === message.key);
    const question = session.messages.slice(0, index).findLast((entry) => entry.role === 'user')?.content ?? '';
    if (!asset.data || !question) return;
    update.mutate(
      { id: asset.data.id, verified_queries: [...asset.data.verified_queries, { question, sql }] },
      { onSuccess: () => toast.success(TEXT.savedVerified), onError: (error) => toast.error(TEXT.saveVerifiedFailed, { description: error.message }) },
    );
  };

  const openConversation = (conversation: ConversationInfo) => session.openConversation(conversation.id);

  return { asset, models, model, chooseModel: setChosenModel, session, decide, saveVerified, openConversation, newConversation: session.newConversation };
}
