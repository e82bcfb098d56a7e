import { Alert, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import layout from '../../../components/chat/ChatLayout.module.css';
import { ChatComposer } from '../../../components/chat/ChatComposer';
import { ChatMessageList } from '../../../components/chat/ChatMessageList';
import { ChatPageShell } from '../../../components/chat/ChatPageShell';
import { SessionConversationList, useConversationInUrl } from '../../conversations';
import { AssetAnswer } from '../components/AssetAnswer';
import { ASSET_CHAT_TEXT as TEXT, DATABASE_TITLES } from '../constants';
import { useAssetChat } from '../use-asset-chat';

/** /database/asset/chat/:id: questions to one data asset, answered with SQL, rows, a chart and a few sentences. */
export default function AssetChatPage() {
  const { id = '' } = useParams();
  const chat = useAssetChat(id);
  const { asset, models, model, session } = chat;
  useConversationInUrl('asset', session.conversationId, chat.openConversation);
  const [input, setInput] = useState('');
  const loading = asset.isPending || models.isPending;
  const error = asset.error ?? models.error;
  const editable = asset.data?.editable ?? false;

  const submit = (text: string) => {
    if (!text.trim() || !model || session.isRunning) return;
    session.send(text.trim());
    setInput('');
  };

  return (
    <ChatPageShell label={DATABASE_TITLES.assetChat} conversations={<SessionConversationList kind="asset" chat={chat} />}>
      <div className={layout.alert}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {asset.data?.name ?? DATABASE_TITLES.assetChat}
        </Typography.Title>
        <Select
          aria-label={TEXT.model}
          value={model?.llm_name}
          onChange={chat.chooseModel}
          options={(models.data ?? []).map((entry) => ({ value: entry.llm_name, label: entry.display_name || entry.llm_name }))}
          style={{ minWidth: 200, marginTop: 8 }}
          disabled={session.isRunning}
        />
      </div>
      {error ? <Alert type="error" showIcon title={error.message} className={layout.alert} /> : null}
      {models.isSuccess && !model ? <Alert type="warning" showIcon title={TEXT.noModel} className={layout.alert} /> : null}
      {loading ? <Skeleton active className={layout.alert} /> : null}
      {session.messages.length === 0 && !loading ? (
        <Typography.Paragraph type="secondary" className={layout.alert}>
          {TEXT.welcome}
        </Typography.Paragraph>
      ) : (
        <ChatMessageList
          messages={session.messages}
          isRunning={session.isRunning}
          hasBody={(message) => !!(message.result || message.pause || message.failedSql?.length)}
          renderAnswer={(message) => (
            <AssetAnswer
              message={message}
              onDecide={session.isRunning ? undefined : (sql) => chat.decide(message, sql)}
              onSaveVerified={editable ? (sql) => chat.saveVerified(message, sql) : undefined}
            />
          )}
        />
      )}
      <ChatComposer
        value={input}
        onChange={setInput}
        onSubmit={submit}
        onStop={session.stop}
        isRunning={session.isRunning}
        disabled={loading || !model}
        canSend={!!model && !!asset.data}
        placeholder={TEXT.placeholder}
      />
    </ChatPageShell>
  );
}
