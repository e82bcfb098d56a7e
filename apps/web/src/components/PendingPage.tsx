import { Card, Empty } from 'antd';
import { useRouteTitle } from '../lib/route-title';
import { COMMON_TEXT } from './constants';
import { PageHeader } from './PageHeader';

/** What a route shows until its feature is built: the screen title and a "not open yet" state. */
export default function PendingPage() {
  const title = useRouteTitle() ?? '';
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <Empty
          style={{ padding: '48px 0' }}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <div style={{ fontSize: 16, fontWeight: 500, marginBottom: 4 }}>{COMMON_TEXT.pendingTitle}</div>
              <div>{COMMON_TEXT.pendingDescription(title)}</div>
            </>
          }
        />
      </Card>
    </>
  );
}
