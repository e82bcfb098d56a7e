import { ExperimentOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useLocation } from 'react-router';
import { ChatWelcome as Welcome } from '../../../components/chat/ChatWelcome';
import { CHAT_PAGE_TEXT as TEXT } from '../constants';
import { modelCreatePathFor } from '../model-return';

const noModel = (
  <>
    <Typography.Title level={5}>{TEXT.noModel}</Typography.Title>
    <Typography.Text type="secondary">{TEXT.noModelHint}</Typography.Text>
  </>
);

/** An empty conversation: a greeting naming the model, or how to get a model when there is none. */
export function ChatWelcome({ modelName }: { modelName: string | null }) {
  const { pathname, search } = useLocation();
  return (
    <Welcome
      icon={<ExperimentOutlined />}
      title={TEXT.welcomeTitle}
      description={modelName ? TEXT.welcomeDescription(modelName) : ''}
      missing={modelName ? undefined : { description: noModel, action: TEXT.goCreate, to: modelCreatePathFor('chat', `${pathname}${search}`) }}
    />
  );
}
