import { Card } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { EditableGate } from '../../../components/EditableGate';
import { PageHeader } from '../../../components/PageHeader';
import { ServiceForm } from '../components/ServiceForm';
import { SERVICE_FORM_TEXT as TEXT, SERVICE_PATHS, SERVICE_TITLES, SERVICE_TOAST } from '../constants';
import { useService, useUpdateService } from '../queries';
import { toUpdateServiceBody } from '../service-form';

/** /service/edit/:id — header values show masked and are kept unless changed. */
export default function ServiceEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const service = useService(id);
  const unsaved = useUnsavedChanges();
  const update = useUpdateService();

  return (
    <>
      <PageHeader title={service.data ? `${SERVICE_TITLES.edit}：${service.data.name}` : SERVICE_TITLES.edit} />
      <EditableGate query={service} canEdit={(saved) => saved.can_edit} text={TEXT} backTo={SERVICE_PATHS.list}>
        {(saved) => (
          <Card>
            <ServiceForm
              key={saved.updated_at}
              service={saved}
              unsaved={unsaved}
              submitting={update.isPending}
              onSubmit={(values) =>
                update.mutate(toUpdateServiceBody(saved.id, values), {
                  onSuccess: (next) => {
                    // Made private while other users' agents use it: said as a warning.
                    if (next.warning) toast.warning(SERVICE_TOAST.saved, { description: `${next.name}：${next.warning}` });
                    else toast.success(SERVICE_TOAST.saved, { description: next.name });
                    unsaved.markSaved();
                    navigate(SERVICE_PATHS.list);
                  },
                  onError: (error) => toast.error(SERVICE_TOAST.saveFailed, { description: error.message }),
                })
              }
            />
          </Card>
        )}
      </EditableGate>
    </>
  );
}
