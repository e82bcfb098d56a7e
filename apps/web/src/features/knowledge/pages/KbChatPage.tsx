import { Alert, Skeleton } from 'antd';
import { useCallback, useState } from 'react';
import layout from '../../../components/chat/ChatLayout.module.css';
import { ChatComposer } from '../../../components/chat/ChatComposer';
import { ChatMessageList } from '../../../components/chat/ChatMessageList';
import { ChatPageShell } from '../../../components/chat/ChatPageShell';
import { SessionConversationList, useConversationInUrl } from '../../conversations';
import { CitationDrawer, type OpenCitation } from '../../../components/chat/CitationDrawer';
import { CitedAnswer } from '../../../components/chat/CitedAnswer';
import { KbChatToolbar } from '../chat/KbChatToolbar';
import { KbSourceActions } from '../chat/KbSourceActions';
import { KbChatWelcome } from '../chat/KbChatWelcome';
import { useKbChat } from '../chat/useKbChat';
import { KB_CHAT_TEXT as TEXT, KB_TITLES } from '../constants';

/** /kb/chat: ask one or more knowledge bases; answers cite their sources as [n]. */
export default function KbChatPage() {
  const chat = useKbChat();
  const { kbs, kbIds, models, model, session } = chat;
  useConversationInUrl('kb', session.conversationId, chat.openConversation);
  const [input, setInput] = useState('');
  const [citation, setCitation] = useState<OpenCitation | null>(null);
  const loading = kbs.isPending || models.isPending;
  const ready = !!model && kbIds.length > 0;
  const error = kbs.error ?? models.error;

  const openSource = useCallback(
    (messageKey: string, index: number) => {
      const message = session.messages.find((entry) => entry.key === messageKey);
      setCitation({ index, source: message?.sources?.[index - 1] });
    },
    [session.messages],
  );

  const submit = (text: string) => {
    if (!text.trim() || !ready || session.isRunning) return;
    session.send(text.trim());
    setInput('');
  };

  return (
    <ChatPageShell label={KB_TITLES.chat} conversations={<SessionConversationList kind="kb" chat={chat} />}>
      <KbChatToolbar
        kbs={kbs.data}
        kbIds={kbIds}
        onKbsChange={chat.chooseKbs}
        models={models.data}
        model={model}
        onModelChange={chat.chooseModel}
        loading={loading}
        disabled={session.isRunning}
      />
      {error ? <Alert type="error" showIcon title={error.message} className={layout.alert} /> : null}
      {models.isSuccess && !model ? <Alert type="warning" showIcon title={TEXT.noModel} className={layout.alert} /> : null}
      {loading ? <Skeleton active className={layout.alert} /> : null}
      {session.messages.length === 0 && !loading ? (
        <KbChatWelcome hasKbs={(kbs.data?.length ?? 0) > 0} />
      ) : (
        <ChatMessageList
          messages={session.messages}
          isRunning={session.isRunning}
          onRegenerate={session.conversationId && ready ? chat.regenerate : undefined}
          renderAnswer={(message) => <CitedAnswer message={message} onOpenSource={openSource} />}
        />
      )}
      <ChatComposer
        value={input}
        onChange={setInput}
        onSubmit={submit}
        onStop={session.stop}
        isRunning={session.isRunning}
        disabled={loading || !model}
        canSend={ready}
        placeholder={kbIds.length ? TEXT.placeholder : TEXT.chooseKbFirst}
      />
      <CitationDrawer
        citation={citation}
        kbName={(kbId) => kbs.data?.find((kb) => kb.id === kbId)?.name}
        actions={(source) => <KbSourceActions source={source} />}
        onClose={() => setCitation(null)}
      />
    </ChatPageShell>
  );
}
