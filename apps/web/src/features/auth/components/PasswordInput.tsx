import { LockOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { ComponentProps } from 'react';

type PasswordInputProps = Omit<ComponentProps<typeof Input.Password>, 'placeholder' | 'aria-label'> & {
  /** The placeholder, also the accessible name. */
  label: string;
  autoComplete: 'current-password' | 'new-password';
};

/** A password box of the sign-in forms, with the lock icon; Form.Item passes value and onChange through. */
export function PasswordInput({ label, ...rest }: PasswordInputProps) {
  return <Input.Password prefix={<LockOutlined />} placeholder={label} aria-label={label} {...rest} />;
}
