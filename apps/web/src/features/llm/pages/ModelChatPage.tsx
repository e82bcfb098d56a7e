import { SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import layout from '../../../components/chat/ChatLayout.module.css';
import { ChatComposer } from '../../../components/chat/ChatComposer';
import { ChatMessageList } from '../../../components/chat/ChatMessageList';
import { ChatPageShell } from '../../../components/chat/ChatPageShell';
import { SessionConversationList, useConversationInUrl } from '../../conversations';
import { ChatSettingsPanel } from '../chat/ChatSettingsPanel';
import { ChatWelcome } from '../chat/ChatWelcome';
import styles from '../chat/ModelPlayground.module.css';
import { SuggestedQuestions } from '../chat/SuggestedQuestions';
import { useModelPlayground } from '../chat/useModelPlayground';
import { CHAT_PAGE_TEXT as TEXT, LLM_TITLES } from '../constants';

/** /model/chat: talk to one model, tune its prompt and parameters, keep the conversations. */
export default function ModelChatPage() {
  const playground = useModelPlayground();
  const { models, model, session } = playground;
  useConversationInUrl('llm', session.conversationId, playground.openConversation);
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
    <ChatPageShell
      label={LLM_TITLES.chat}
      conversations={<SessionConversationList kind="llm" chat={playground} />}
      aside={settingsOpen ? <ChatSettingsPanel settings={playground.settings} onChange={playground.setSettings} model={model} onClose={() => setSettingsOpen(false)} /> : null}
    >
      <Flex className={layout.toolbar} align="center" gap={12}>
        <Typography.Title level={5} className={layout.heading}>
          {LLM_TITLES.chat}
        </Typography.Title>
        <Select
          aria-label={TEXT.selectModel}
          className={styles.modelSelect}
          value={model?.llm_name}
          options={options}
          showSearch={{ optionFilterProp: 'label' }}
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
      {models.isError ? <Alert type="error" showIcon title={models.error.message} className={layout.alert} /> : null}
      {models.isPending ? <Skeleton active className={layout.alert} /> : null}
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
      <ChatComposer
        value={input}
        onChange={setInput}
        onSubmit={submit}
        onStop={session.stop}
        isRunning={session.isRunning}
        disabled={noModel || models.isPending}
        canSend={!!model}
        placeholder={TEXT.placeholder}
      />
    </ChatPageShell>
  );
}
