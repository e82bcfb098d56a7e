import { ScopedListPage } from '../../../components/ScopedListPage';
import { AssetTable } from '../components/AssetTable';
import { ASSET_TEXT, DATABASE_PATHS, DATABASE_TITLES } from '../constants';

const SCOPES = ['mine', 'public', 'shared'] as const;

/** /database/asset: my data assets, the public ones, and the ones others shared with me. */
export default function AssetListPage() {
  return <ScopedListPage title={DATABASE_TITLES.assets} text={ASSET_TEXT} createPath={DATABASE_PATHS.createAsset} scopes={SCOPES} grid={(scope) => <AssetTable scope={scope} />} />;
}
