import { PlusOutlined, RobotOutlined } from '@ant-design/icons';
import { XProvider } from '@ant-design/x';
import xZhCN from '@ant-design/x/es/locale/zh_CN';
import { Button, Flex, Result, Typography } from 'antd';
import antdZhCN from 'antd/es/locale/zh_CN';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import layout from '../../../components/chat/ChatLayout.module.css';
import { ChatComposer } from '../../../components/chat/ChatComposer';
import { ChatMessageList } from '../../../components/chat/ChatMessageList';
import { ChatWelcome } from '../../../components/chat/ChatWelcome';
import { ThemeToggle } from '../../../components/ThemeToggle';
import { AGENT_EMBED_TEXT as TEXT, AGENT_TITLES } from '../constants';
import styles from './EmbedChat.module.css';
import { useEmbedChat } from './useEmbedChat';

const LOCALE = { ...antdZhCN, ...xZhCN };

function EmbedChat({ agentId, apiKey }: { agentId: string; apiKey: string }) {
  const chat = useEmbedChat(agentId, apiKey);
  const [input, setInput] = useState('');
  const submit = (text: string) => {
    if (!text.trim() || chat.isRunning) return;
    chat.send(text.trim());
    setInput('');
  };
  return (
    <>
      <Flex align="center" justify="space-between" className={styles.header}>
        <Typography.Text strong>
          <RobotOutlined /> {AGENT_TITLES.embed}
        </Typography.Text>
        <Flex gap={4}>
          <Button type="text" size="small" icon={<PlusOutlined />} disabled={chat.messages.length === 0} onClick={chat.clear}>
            {TEXT.clear}
          </Button>
          <ThemeToggle />
        </Flex>
      </Flex>
      {chat.messages.length === 0 ? (
        <ChatWelcome icon={<RobotOutlined />} title={TEXT.welcomeTitle} description={TEXT.welcomeDescription} />
      ) : (
        <ChatMessageList messages={chat.messages} isRunning={chat.isRunning} />
      )}
      <ChatComposer value={input} onChange={setInput} onSubmit={submit} onStop={chat.stop} isRunning={chat.isRunning} canSend placeholder={TEXT.placeholder} />
    </>
  );
}

/** /embed/agent/:id?key=… — the chat a web page embeds: no sign-in, no menu; the key is the credential. */
export default function EmbedChatPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const apiKey = params.get('key')?.trim() ?? '';
  return (
    <XProvider locale={LOCALE}>
      <main className={`${styles.page} ${layout.main}`} aria-label={AGENT_TITLES.embed}>
        {apiKey ? (
          <EmbedChat agentId={id} apiKey={apiKey} />
        ) : (
          <Flex flex={1} align="center" justify="center">
            <Result status="warning" title={TEXT.missingKey} subTitle={TEXT.missingKeyDescription} />
          </Flex>
        )}
      </main>
    </XProvider>
  );
}
