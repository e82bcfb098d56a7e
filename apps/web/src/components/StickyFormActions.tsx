import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { COMMON_TEXT } from './constants';
import styles from './StickyFormActions.module.css';

/** A long form's buttons, kept in view at the bottom of the window however far the form scrolls. */
export function StickyFormActions({ dirty, children }: { dirty: boolean; children: ReactNode }) {
  return (
    <div className={styles.bar}>
      <Flex gap={12} wrap align="center">
        {children}
        {dirty ? (
          <Typography.Text type="warning" className={styles.unsaved}>
            {COMMON_TEXT.unsavedNote}
          </Typography.Text>
        ) : null}
      </Flex>
    </div>
  );
}
