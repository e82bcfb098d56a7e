import { Spin } from 'antd';
import { COMMON_TEXT } from './constants';

export function FullPageSpinner() {
  return (
    <div style={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" description={COMMON_TEXT.loading} />
    </div>
  );
}
