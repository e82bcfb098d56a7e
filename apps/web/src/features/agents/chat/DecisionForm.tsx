import { Button, Flex, Form, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import styles from './AgentChat.module.css';
import { DECISION_TEXT as TEXT } from './constants';

interface DecisionFormModalProps<T> {
  open: boolean;
  title: string;
  width?: number;
  initialValues: T;
  onCancel: () => void;
  onFinish: (values: T) => void;
  children: ReactNode;
}

/** The form and its buttons live only while the dialog is open: each opening starts from `initialValues`. */
function DecisionForm<T extends object>({ initialValues, onCancel, onFinish, children }: Omit<DecisionFormModalProps<T>, 'open' | 'title' | 'width'>) {
  const [form] = Form.useForm<T>();
  const [initial] = useState(initialValues);
  return (
    <Form form={form} initialValues={initial} onFinish={onFinish}>
      {children}
      <Flex justify="flex-end" gap={8} className={styles.formFooter}>
        <Button onClick={onCancel} autoInsertSpace={false}>
          {TEXT.cancel}
        </Button>
        <Button type="primary" htmlType="submit" autoInsertSpace={false}>
          {TEXT.ok}
        </Button>
      </Flex>
    </Form>
  );
}

/** A dialog asking for what a decision needs (new input, new output, feedback, an edited plan). */
export function DecisionFormModal<T extends object>({ open, title, width, ...form }: DecisionFormModalProps<T>) {
  return (
    <Modal open={open} title={title} width={width} onCancel={form.onCancel} footer={null} destroyOnHidden>
      <DecisionForm {...form} />
    </Modal>
  );
}
