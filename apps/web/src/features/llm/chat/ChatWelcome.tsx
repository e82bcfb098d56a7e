import { ExperimentOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { CHAT_PAGE_TEXT as TEXT, LLM_PATHS } from '../constants';
import styles from '../../../components/chat/ChatLayout.module.css';

/** An empty conversation: a greeting naming the model, or how to get a model when there is none. */
export function ChatWelcome({ modelName }: { modelName: string | null }) {
  const navigate = useNavigate();
  if (!modelName) {
    return (
      <div className={styles.welcome}>
        <Empty description={<><Typography.Title level={5}>{TEXT.noModel}</Typography.Title><Typography.Text type="secondary">{TEXT.noModelHint}</Typography.Text></>}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(LLM_PATHS.create)}>
            {TEXT.goCreate}
          </Button>
        </Empty>
      </div>
    );
  }
  return (
    <div className={styles.welcome}>
      <ExperimentOutlined className={styles.welcomeIcon} />
      <Typography.Title level={4}>{TEXT.welcomeTitle}</Typography.Title>
      <Typography.Text type="secondary">{TEXT.welcomeDescription(modelName)}</Typography.Text>
    </div>
  );
}
