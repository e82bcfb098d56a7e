import { Button, Form } from 'antd';
import type { ReactNode } from 'react';

interface AuthSubmitButtonProps {
  loading: boolean;
  children: ReactNode;
}

/** The full-width primary submit button at the end of a sign-in form. */
export function AuthSubmitButton({ loading, children }: AuthSubmitButtonProps) {
  return (
    <Form.Item style={{ marginBottom: 12 }}>
      <Button type="primary" htmlType="submit" block loading={loading}>
        {children}
      </Button>
    </Form.Item>
  );
}
