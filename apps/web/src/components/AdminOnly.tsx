import { Result } from 'antd';
import type { ReactNode } from 'react';
import { COMMON_TEXT } from './constants';

/** Administrators only: anyone else sees a 403 state instead of the children. */
export function AdminOnly({ isAdmin, children }: { isAdmin: boolean; children: ReactNode }) {
  if (!isAdmin) {
    return <Result status="403" title={COMMON_TEXT.forbiddenTitle} subTitle={COMMON_TEXT.forbiddenDescription} />;
  }
  return children;
}
