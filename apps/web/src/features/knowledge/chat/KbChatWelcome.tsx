import { PlusOutlined, ReadOutlined } from '@ant-design/icons';
import { Button, Empty, Typography } from 'antd';
import { useNavigate } from 'react-router';
import styles from '../../../components/chat/ChatLayout.module.css';
import { KB_CHAT_TEXT as TEXT, KB_PATHS } from '../constants';

/** An empty conversation: what the page does, or where to get a knowledge base when there is none. */
export function KbChatWelcome({ hasKbs }: { hasKbs: boolean }) {
  const navigate = useNavigate();
  if (!hasKbs) {
    return (
      <div className={styles.welcome}>
        <Empty description={TEXT.noKb}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(KB_PATHS.list)}>
            {TEXT.goCreate}
          </Button>
        </Empty>
      </div>
    );
  }
  return (
    <div className={styles.welcome}>
      <ReadOutlined className={styles.welcomeIcon} />
      <Typography.Title level={4}>{TEXT.welcomeTitle}</Typography.Title>
      <Typography.Text type="secondary">{TEXT.welcomeDescription}</Typography.Text>
    </div>
  );
}
