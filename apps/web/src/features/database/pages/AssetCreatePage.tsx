import { Card } from 'antd';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../../components/PageHeader';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { AssetForm, examplesOf } from '../components/AssetForm';
import { ASSET_TEXT as TEXT, DATABASE_PATHS, DATABASE_TITLES } from '../constants';
import { useCreateAsset } from '../queries';

/** /database/asset/create: a name, a datasource and the tables it opens (every column of each). */
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
              {
                name: values.name,
                description: values.description ?? '',
                connection_id: values.connection_id,
                tables: values.tables.map((name) => ({ name, columns: null })),
                example_questions: examplesOf(values),
                verified_queries: [],
                tags: [],
                access_user_ids: [],
                confirm_sql: values.confirm_sql,
                is_public: values.is_public,
              },
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
