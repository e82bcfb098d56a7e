import { Card } from 'antd';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../../components/PageHeader';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { AssetForm, assetBody } from '../components/AssetForm';
import { ASSET_TEXT as TEXT, DATABASE_PATHS, DATABASE_TITLES } from '../constants';
import { useCreateAsset } from '../queries';

/** /database/asset/create: a name, a datasource, the tables and columns it opens, and who may use it. */
export default function AssetCreatePage() {
  const navigate = useNavigate();
  const unsaved = useUnsavedChanges();
  const create = useCreateAsset();
  return (
    <>
      <PageHeader title={DATABASE_TITLES.createAsset} />
      <Card>
        <AssetForm
          unsaved={unsaved}
          submitting={create.isPending}
          onSubmit={(values) =>
            create.mutate(
              { ...assetBody(values), connection_id: values.connection_id },
              {
                onSuccess: (asset) => {
                  toast.success(TEXT.created, { description: asset.name });
                  unsaved.markSaved();
                  navigate(DATABASE_PATHS.assetChat(asset.id));
                },
                onError: (error) => toast.error(TEXT.saveFailed, { description: error.message }),
              },
            )
          }
        />
      </Card>
    </>
  );
}
