import { PageHeader } from '../../../components/PageHeader';
import { MA_TITLES } from '../constants';
import { MaEditor } from '../editor/MaEditor';

/** /multi-agent/create: a new setup on the canvas. */
export default function MaCreatePage() {
  return (
    <>
      <PageHeader title={MA_TITLES.create} />
      <MaEditor />
    </>
  );
}
