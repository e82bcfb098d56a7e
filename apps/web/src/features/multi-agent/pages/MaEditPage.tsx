import { Alert, Skeleton } from 'antd';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { MA_TITLES } from '../constants';
import { MaEditor } from '../editor/MaEditor';
import { useSetup } from '../queries';

/** /multi-agent/edit/:id: a saved setup on the canvas, with the live preview chat beside it. */
export default function MaEditPage() {
  const { id } = useParams();
  const setup = useSetup(id);
  return (
    <>
      <PageHeader title={MA_TITLES.edit} />
      {setup.isPending ? <Skeleton active /> : null}
      {setup.isError ? <Alert type="error" showIcon title={setup.error.message} /> : null}
      {setup.data ? <MaEditor key={setup.data.id} setup={setup.data} /> : null}
    </>
  );
}
