import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import styles from './ChatLayout.module.css';

export interface ChatWelcomeProps {
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** When the chat cannot start yet (no model, no knowledge base): why, and where to get one. */
  missing?: { description: ReactNode; action: string; to: string };
}

/** An empty conversation: what the page does, or what is missing before it can. */
export function ChatWelcome({ icon, title, description, missing }: ChatWelcomeProps) {
  const navigate = useNavigate();
  if (missing) {
    return (
      <div className={styles.welcome}>
        <Empty description={missing.description}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(missing.to)}>
            {missing.action}
          </Button>
        </Empty>
      </div>
    );
  }
  return (
    <div className={styles.welcome}>
      <span className={styles.welcomeIcon}>{icon}</span>
      <Typography.Title level={4}>{title}</Typography.Title>
      <Typography.Text type="secondary">{description}</Typography.Text>
    </div>
  );
}
