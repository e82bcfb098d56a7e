import type { BuildInfo } from '@agent-platform/contracts';
import { Alert, Button, Card, Descriptions, Skeleton, Tag, type DescriptionsProps } from 'antd';
import { PageHeader } from '../../../components/PageHeader';
import { formatDateTime } from '../../../lib/format';
import { STATUS_TEXT, STATUS_TITLES, VERSION_LABELS } from '../constants';
import { useBuildInfo } from '../queries';

function platformText(info: BuildInfo): string {
  if (!info.isDocker) return info.platform;
  const container = info.containerId ? `，${VERSION_LABELS.containerId}：${info.containerId}` : '';
  return `${info.platform}（${VERSION_LABELS.inContainer}${container}）`;
}

function versionItems(info: BuildInfo): DescriptionsProps['items'] {
  const mismatch = info.id !== __BUILD_ID__;
  return [
    { key: 'id', label: VERSION_LABELS.id, children: info.id },
    { key: 'buildTime', label: VERSION_LABELS.buildTime, children: formatDateTime(info.buildTime) },
    { key: 'gitCommit', label: VERSION_LABELS.gitCommit, children: info.gitCommit ?? '-' },
    { key: 'gitBranch', label: VERSION_LABELS.gitBranch, children: info.gitBranch ?? '-' },
    { key: 'platform', label: VERSION_LABELS.platform, children: platformText(info) },
    { key: 'arch', label: VERSION_LABELS.arch, children: info.arch },
    { key: 'nodeVersion', label: VERSION_LABELS.nodeVersion, children: info.nodeVersion },
    {
      key: 'webBuild',
      label: VERSION_LABELS.webBuild,
      children: (
        <>
          {__BUILD_ID__} {mismatch ? <Tag color="warning">{VERSION_LABELS.mismatch}</Tag> : null}
        </>
      ),
    },
  ];
}

export default function VersionPage() {
  const buildInfo = useBuildInfo();
  return (
    <div style={{ maxWidth: 760, margin: '0 auto' }}>
      <PageHeader title={STATUS_TITLES.version} description={STATUS_TEXT.versionDescription} />
      <Card>
        {buildInfo.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
        {buildInfo.isError ? (
          <Alert
            type="error"
            showIcon
            title={STATUS_TEXT.versionLoadFailed}
            description={buildInfo.error.message}
            action={<Button onClick={() => buildInfo.refetch()}>{STATUS_TEXT.retry}</Button>}
          />
        ) : null}
        {buildInfo.data ? <Descriptions bordered column={1} items={versionItems(buildInfo.data)} /> : null}
      </Card>
    </div>
  );
}
