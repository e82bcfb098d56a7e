import { BulbOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { CHAT_TEXT } from '../../../components/chat/constants';

/** Follow-up questions under the last answer; a click asks it. Nothing shows while loading or on failure. */
export function SuggestedQuestions({ questions, onAsk }: { questions: string[] | undefined; onAsk: (question: string) => void }) {
  if (!questions?.length) return null;
  return (
    <Flex vertical gap={6} align="flex-start" role="group" aria-label={CHAT_TEXT.suggestions}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <BulbOutlined /> {CHAT_TEXT.suggestions}
      </Typography.Text>
      {questions.map((question) => (
        <Button
          key={question}
          size="small"
          shape="round"
          onClick={() => onAsk(question)}
          style={{ maxWidth: '100%', height: 'auto', padding: '3px 12px', whiteSpace: 'normal', textAlign: 'start' }}
        >
          {question}
        </Button>
      ))}
    </Flex>
  );
}
