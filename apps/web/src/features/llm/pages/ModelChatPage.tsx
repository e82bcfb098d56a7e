import { SettingOutlined } from '@ant-design/icons';
import { Sender, XProvider } from '@ant-design/x';
import xZhCN from '@ant-design/x/es/locale/zh_CN';
import { Alert, Button, Flex, Select, Skeleton, Typography } from 'antd';
import antdZhCN from 'antd/es/locale/zh_CN';
import { useState } from 'react';
import { ChatMessageList } from '../../../components/chat/ChatMessageList';
import { CHAT_TEXT } from '../../../components/chat/constants';
import { ConversationList } from '../../conversations';
import { ChatSettingsPanel } from '../chat/ChatSettingsPanel';
import { ChatWelcome } from '../chat/ChatWelcome';
import styles from '../chat/ModelPlayground.module.css';
import { SuggestedQuestions } from '../chat/SuggestedQuestions';
import { useModelPlayground } from '../chat/useModelPlayground';
import { CHAT_PAGE_TEXT as TEXT, LLM_TITLES } from '../constants';

/** XProvider hands its locale to antd's ConfigProvider too: keep antd's Chinese texts beside the chat ones. */
const LOCALE = { ...antdZhCN, ...xZhCN };

/** /model/chat: talk to one model, tune its prompt and parameters, keep the conversations. */
export default function ModelChatPage() {
  const playground = useModelPlayground();
  const { models, model, session } = playground;
  const [input, setInput] = useState('');
  const [settingsOpen, setSettingsOpen] = useState(true);
  const options = (models.data ?? []).map((entry) => ({ value: entry.llm_name, label: entry.display_name || entry.llm_name }));
  const noModel = models.isSuccess && !model;

  const submit = (text: string) => {
    if (!text.trim() || !model || session.isRunning) return;
    playground.send(text.trim());
    setInput('');
  };

  return (
    <XProvider locale={LOCALE}>
      <div className={styles.page}>
        <aside className={styles.conversations}>
          <ConversationList
            kind="llm"
            activeId={session.conversationId}
            onOpen={(conversation) => void playground.openConversation(conversation)}
            onNew={playground.newConversation}
            onDeletedActive={playground.newConversation}
            disabled={session.isRunning}
          />
        </aside>
        <section className={styles.main} aria-label={LLM_TITLES.chat}>
          <Flex className={styles.toolbar} align="center" gap={12}>
            <Typography.Title level={5} className={styles.heading}>
              {LLM_TITLES.chat}
            </Typography.Title>
            <Select
              aria-label={TEXT.selectModel}
              className={styles.modelSelect}
              value={model?.llm_name}
              options={options}
              loading={models.isPending}
              disabled={session.isRunning}
              placeholder={TEXT.noModel}
              notFoundContent={TEXT.noModel}
              onChange={playground.choose}
            />
            <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(!settingsOpen)} aria-pressed={settingsOpen}>
              {TEXT.settings}
            </Button>
          </Flex>
          {models.isError ? <Alert type="error" showIcon title={models.error.message} className={styles.alert} /> : null}
          {models.isPending ? <Skeleton active className={styles.alert} /> : null}
          {session.messages.length === 0 && !models.isPending ? (
            <ChatWelcome modelName={model ? model.display_name || model.llm_name : null} />
          ) : (
            <ChatMessageList
              messages={session.messages}
              isRunning={session.isRunning}
              onRegenerate={session.conversationId && model ? playground.regenerate : undefined}
              lastAnswerExtra={<SuggestedQuestions questions={playground.suggestions} onAsk={submit} />}
            />
          )}
          <div className={styles.composer}>
            <Sender
              value={input}
              onChange={setInput}
              onSubmit={submit}
              onCancel={session.stop}
              loading={session.isRunning}
              disabled={noModel || models.isPending}
              placeholder={TEXT.placeholder}
              autoSize={{ minRows: 1, maxRows: 6 }}
              suffix={(_node, { components: { SendButton, LoadingButton } }) =>
                session.isRunning ? (
                  <LoadingButton aria-label={CHAT_TEXT.stop} title={CHAT_TEXT.stop} />
                ) : (
                  <SendButton aria-label={CHAT_TEXT.send} title={CHAT_TEXT.send} disabled={!input.trim() || !model} />
                )
              }
            />
          </div>
        </section>
        {settingsOpen ? (
          <ChatSettingsPanel settings={playground.settings} onChange={playground.setSettings} model={model} onClose={() => setSettingsOpen(false)} />
        ) : null}
      </div>
    </XProvider>
  );
}
