import { Card } from 'antd';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { PageHeader } from '../../../components/PageHeader';
import { ServiceForm } from '../components/ServiceForm';
import { SERVICE_PATHS, SERVICE_TITLES, SERVICE_TOAST } from '../constants';
import { useCreateService } from '../queries';
import { toServiceBody } from '../service-form';

/** /service/create */
export default function ServiceCreatePage() {
  const navigate = useNavigate();
  const unsaved = useUnsavedChanges();
  const create = useCreateService();
  return (
    <>
      <PageHeader title={SERVICE_TITLES.create} />
      <Card>
        <ServiceForm
          unsaved={unsaved}
          submitting={create.isPending}
          onSubmit={(values) =>
            create.mutate(toServiceBody(values), {
              onSuccess: (service) => {
                toast.success(SERVICE_TOAST.created, { description: service.name });
                unsaved.markSaved();
                navigate(SERVICE_PATHS.list);
              },
              onError: (error) => toast.error(SERVICE_TOAST.saveFailed, { description: error.message }),
            })
          }
        />
      </Card>
    </>
  );
}
