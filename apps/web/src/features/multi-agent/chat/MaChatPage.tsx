import { Alert, Flex, Skeleton, Typography } from 'antd';
import { useParams } from 'react-router';
import layout from '../../../components/chat/ChatLayout.module.css';
import { ChatPageShell } from '../../../components/chat/ChatPageShell';
import { ConversationList, useConversationParam } from '../../conversations';
import { AgentAvatar } from '../../agents/reuse';
import { MA_TITLES } from '../constants';
import { useSetup } from '../queries';
import { MaChatPanel } from './MaChatPanel';

/** /multi-agent/chat/:id: the setup's conversations on the left, the chat on the right (`?conversation_id=`). */
export default function MaChatPage() {
  const { id = '' } = useParams();
  const setup = useSetup(id);
  const [conversationId, setConversationId] = useConversationParam();
  return (
    <ChatPageShell
      label={MA_TITLES.chat}
      conversations={
        <ConversationList
          kind="ma"
          subject={id}
          activeId={conversationId ?? null}
          onOpen={(conversation) => setConversationId(conversation.id)}
          onNew={() => setConversationId(undefined)}
          onDeletedActive={() => setConversationId(undefined)}
        />
      }
    >
      <Flex className={layout.toolbar} align="center" gap={12}>
        <Typography.Title level={5} className={layout.heading}>
          {MA_TITLES.chat}
        </Typography.Title>
        {setup.data ? (
          <Flex align="center" gap={8}>
            <AgentAvatar avatar={setup.data.avatar} size={24} />
            <Typography.Text strong>{setup.data.name}</Typography.Text>
          </Flex>
        ) : null}
      </Flex>
      {setup.isPending ? <Skeleton active className={layout.alert} /> : null}
      {setup.isError ? <Alert type="error" showIcon title={setup.error.message} className={layout.alert} /> : null}
      {setup.data ? <MaChatPanel key={setup.data.id} setup={setup.data} conversationId={conversationId} onConversation={setConversationId} /> : null}
    </ChatPageShell>
  );
}
