import { Card } from 'antd';
import type { ReactNode } from 'react';
import styles from './AgentBuilder.module.css';

/** One part of the builder's form, as a titled card. */
export function Section({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card size="small" title={title} extra={extra} className={styles.section}>
      {children}
    </Card>
  );
}
