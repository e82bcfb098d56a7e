import { Result } from 'antd';
import type { ReactNode } from 'react';
import { COMMON_TEXT } from '../../../components/constants';
import { useSessionUser } from '../queries';

/** Administrators only; anyone else sees a 403 state. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  if (user.role !== 'admin') {
    return <Result status="403" title={COMMON_TEXT.forbiddenTitle} subTitle={COMMON_TEXT.forbiddenDescription} />;
  }
  return children;
}
