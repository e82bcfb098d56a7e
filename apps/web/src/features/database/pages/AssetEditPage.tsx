import { Alert, Card, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../../components/PageHeader';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { AssetForm, assetBody } from '../components/AssetForm';
import { ASSET_TEXT as TEXT, DATABASE_PATHS, DATABASE_TITLES } from '../constants';
import { useAsset, useUpdateAsset } from '../queries';

/** /database/asset/edit/:id: the same form, the datasource fixed. */
export default function AssetEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const unsaved = useUnsavedChanges();
  const asset = useAsset(id);
  const update = useUpdateAsset();
  const saved = asset.data;
  return (
    <>
      <PageHeader title={DATABASE_TITLES.editAsset} />
      <Card>
        {asset.error ? <Alert type="error" showIcon title={asset.error.message} /> : null}
        {asset.isPending ? <Skeleton active /> : null}
        {saved ? (
          <AssetForm
            asset={saved}
            unsaved={unsaved}
            submitting={update.isPending}
            onSubmit={(values) =>
              update.mutate(
                { ...assetBody(values), id },
                {
                  onSuccess: () => {
                    toast.success(TEXT.saved);
                    unsaved.markSaved();
                    navigate(DATABASE_PATHS.assetDetail(id));
                  },
                  onError: (error) => toast.error(TEXT.saveFailed, { description: error.message }),
                },
              )
            }
          />
        ) : null}
      </Card>
    </>
  );
}
