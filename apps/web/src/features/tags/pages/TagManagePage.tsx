import { TAG_TYPE_LABELS, TAG_TYPES } from '@agent-platform/contracts';
import { Alert, Card, Tabs } from 'antd';
import { PageHeader } from '../../../components/PageHeader';
import { useSessionUser } from '../../auth';
import { TagTypePanel } from '../components/TagTypePanel';
import { TAG_TEXT as TEXT, TAG_TITLES } from '../constants';

/** /system/tag: the platform's tags, one tab per type. Everyone may look; administrators change them. */
export default function TagManagePage() {
  const editable = useSessionUser().role === 'admin';
  return (
    <>
      <PageHeader title={TAG_TITLES.manage} description={TEXT.description} />
      {editable ? null : <Alert type="info" showIcon title={TEXT.readOnlyNotice} style={{ marginBottom: 16 }} />}
      <Card>
        <Tabs
          items={TAG_TYPES.map((tagType) => ({
            key: tagType,
            label: TAG_TYPE_LABELS[tagType],
            children: <TagTypePanel tagType={tagType} editable={editable} />,
            destroyOnHidden: true,
          }))}
        />
      </Card>
    </>
  );
}
