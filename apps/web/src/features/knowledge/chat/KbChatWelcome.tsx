import { ReadOutlined } from '@ant-design/icons';
import { ChatWelcome } from '../../../components/chat/ChatWelcome';
import { KB_CHAT_TEXT as TEXT, KB_PATHS } from '../constants';

/** An empty conversation: what the page does, or where to get a knowledge base when there is none. */
export function KbChatWelcome({ hasKbs }: { hasKbs: boolean }) {
  return (
    <ChatWelcome
      icon={<ReadOutlined />}
      title={TEXT.welcomeTitle}
      description={TEXT.welcomeDescription}
      missing={hasKbs ? undefined : { description: TEXT.noKb, action: TEXT.goCreate, to: KB_PATHS.list }}
    />
  );
}
