import { BulbOutlined } from '@ant-design/icons';
import { Collapse } from 'antd';
import { CHAT_TEXT } from './constants';
import styles from './ChatMessageList.module.css';

/** The model's visible reasoning, folded under 思考过程 (the header is a button: keyboard and screen readers). */
export function ReasoningBlock({ text, thinking }: { text: string; thinking: boolean }) {
  return (
    <Collapse
      size="small"
      ghost
      className={styles.reasoning}
      items={[
        {
          key: 'reasoning',
          label: (
            <span className={styles.reasoningLabel}>
              <BulbOutlined /> {thinking ? CHAT_TEXT.reasoningLive : CHAT_TEXT.reasoning}
            </span>
          ),
          children: <div className={styles.reasoningText}>{text}</div>,
        },
      ]}
    />
  );
}
