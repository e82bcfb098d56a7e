import { PaperClipOutlined, RedoOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Bubble, type BubbleItemType } from '@ant-design/x';
import { Alert, Avatar, Button, Flex, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { ChatMessageView } from '../../lib/chat-messages';
import styles from './ChatMessageList.module.css';
import { CHAT_TEXT } from './constants';
import { CopyButton } from './CopyButton';
import { Markdown } from './Markdown';
import { ReasoningBlock } from './ReasoningBlock';

interface ChatMessageListProps<M extends ChatMessageView> {
  messages: M[];
  /** Offered on the last answer when given and nothing is running. */
  onRegenerate?: () => void;
  isRunning: boolean;
  /** Shown under the last answer (e.g. suggested follow-up questions). */
  lastAnswerExtra?: ReactNode;
  /** The answer's text, when a page shows more than Markdown (e.g. citations); Markdown otherwise. */
  renderAnswer?: (message: M) => ReactNode;
  /** Whether a streaming answer already shows something besides its text (e.g. tool steps): no loading dots then. */
  hasBody?: (message: M) => boolean;
  /** The answerer's avatar (e.g. an agent's); a robot by default. */
  assistantAvatar?: ReactNode;
}

function AnswerBody<M extends ChatMessageView>({ message, renderAnswer }: { message: M; renderAnswer?: (message: M) => ReactNode }) {
  return (
    <>
      {renderAnswer ? renderAnswer(message) : message.content ? <Markdown>{message.content}</Markdown> : null}
      {message.status === 'error' ? <Alert type="error" showIcon title={CHAT_TEXT.failed} description={message.error} className={styles.answerError} /> : null}
    </>
  );
}

interface AnswerFooterProps {
  message: ChatMessageView;
  onRegenerate?: () => void;
  extra?: ReactNode;
}

function AnswerFooter({ message, onRegenerate, extra }: AnswerFooterProps) {
  return (
    <div className={styles.footer}>
      <Flex align="center" gap={4} wrap>
        {message.content ? <CopyButton text={message.content} /> : null}
        {onRegenerate ? (
          <Tooltip title={CHAT_TEXT.regenerate}>
            <Button type="text" size="small" aria-label={CHAT_TEXT.regenerate} icon={<RedoOutlined />} onClick={onRegenerate} />
          </Tooltip>
        ) : null}
        {message.status === 'cancelled' ? <Tag>{CHAT_TEXT.stopped}</Tag> : null}
        {message.usage ? (
          <Typography.Text type="secondary" className={styles.usage}>
            {CHAT_TEXT.tokens(message.usage.prompt_tokens, message.usage.completion_tokens)}
          </Typography.Text>
        ) : null}
      </Flex>
      {extra}
    </div>
  );
}

/** The files attached to a question, under it. */
function QuestionFiles({ files }: { files: NonNullable<ChatMessageView['files']> }) {
  return (
    <Flex gap={4} wrap justify="flex-end" data-testid="question-files">
      {files.map((file) => (
        <Tag key={file.id} icon={<PaperClipOutlined />} className={styles.questionFile}>
          {file.name}
        </Tag>
      ))}
    </Flex>
  );
}

const AVATARS = {
  user: <Avatar size={32} icon={<UserOutlined />} className={styles.userAvatar} />,
  assistant: <Avatar size={32} icon={<RobotOutlined />} className={styles.aiAvatar} />,
};

/** The messages of a conversation: questions on the right, answers (Markdown, reasoning, actions) on the left. */
export function ChatMessageList<M extends ChatMessageView>({ messages, onRegenerate, isRunning, lastAnswerExtra, renderAnswer, hasBody, assistantAvatar }: ChatMessageListProps<M>) {
  const lastAnswer = messages.findLast((message) => message.role === 'assistant');
  const items: BubbleItemType[] = messages.map((message) => {
    const isLast = message === lastAnswer;
    const streaming = message.status === 'streaming';
    const avatar = message.role === 'assistant' && assistantAvatar ? assistantAvatar : AVATARS[message.role];
    const common = { key: message.key, avatar, ...{ 'data-status': message.status, 'data-testid': `chat-${message.role}` } };
    if (message.role === 'user') {
      const files = message.files?.length ? <QuestionFiles files={message.files} /> : undefined;
      return { ...common, role: 'user', placement: 'end', content: message.content, classNames: { content: styles.question }, footer: files };
    }
    return {
      ...common,
      role: 'ai',
      placement: 'start',
      variant: 'borderless',
      content: message.content,
      classNames: { content: styles.answer, body: styles.answerBody },
      loading: streaming && !message.content && !message.reasoning && !hasBody?.(message),
      header: message.reasoning ? <ReasoningBlock text={message.reasoning} thinking={streaming && !message.content} /> : undefined,
      contentRender: () => <AnswerBody message={message} renderAnswer={renderAnswer} />,
      footer: streaming ? undefined : <AnswerFooter message={message} onRegenerate={isLast && !isRunning ? onRegenerate : undefined} extra={isLast ? lastAnswerExtra : undefined} />,
    };
  });
  return <Bubble.List items={items} className={styles.list} autoScroll />;
}
