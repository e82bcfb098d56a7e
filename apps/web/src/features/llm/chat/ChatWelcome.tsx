import { ExperimentOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { ChatWelcome as Welcome } from '../../../components/chat/ChatWelcome';
import { CHAT_PAGE_TEXT as TEXT, LLM_PATHS } from '../constants';

const noModel = (
  <>
    <Typography.Title level={5}>{TEXT.noModel}</Typography.Title>
    <Typography.Text type="secondary">{TEXT.noModelHint}</Typography.Text>
  </>
);

/** An empty conversation: a greeting naming the model, or how to get a model when there is none. */
export function ChatWelcome({ modelName }: { modelName: string | null }) {
  return (
    <Welcome
      icon={<ExperimentOutlined />}
      title={TEXT.welcomeTitle}
      description={modelName ? TEXT.welcomeDescription(modelName) : ''}
      missing={modelName ? undefined : { description: noModel, action: TEXT.goCreate, to: LLM_PATHS.create }}
    />
  );
}
