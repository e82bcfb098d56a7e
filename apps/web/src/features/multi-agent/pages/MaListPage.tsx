import { ScopedListPage } from '../../../components/ScopedListPage';
import { MaGrid } from '../components/MaGrid';
import { MA_LIST_TEXT, MA_PATHS, MA_TITLES } from '../constants';

/** /multi-agent: my setups and the published ones. */
export default function MaListPage() {
  return <ScopedListPage title={MA_TITLES.list} text={MA_LIST_TEXT} createPath={MA_PATHS.create} grid={(scope) => <MaGrid scope={scope} />} />;
}
