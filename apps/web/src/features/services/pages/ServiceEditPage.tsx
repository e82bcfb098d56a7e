import { Button, Card, Result, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
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
  const update = useUpdateService();

  const back = (
    <Button type="primary" onClick={() => navigate(SERVICE_PATHS.list)}>
      {TEXT.back}
    </Button>
  );

  let body;
  if (service.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (service.isError) body = <Result status="warning" title={service.error.code === 40401 ? TEXT.notFound : service.error.message} extra={back} />;
  else if (!service.data.can_edit) body = <Result status="403" title={TEXT.readOnly} extra={back} />;
  else {
    const saved = service.data;
    body = (
      <ServiceForm
        key={saved.updated_at}
        service={saved}
        submitting={update.isPending}
        onSubmit={(values) =>
          update.mutate(toUpdateServiceBody(saved.id, values), {
            onSuccess: (next) => {
              toast.success(SERVICE_TOAST.saved, { description: next.name });
              navigate(SERVICE_PATHS.list);
            },
            onError: (error) => toast.error(SERVICE_TOAST.saveFailed, { description: error.message }),
          })
        }
      />
    );
  }

  return (
    <>
      <PageHeader title={service.data ? `${SERVICE_TITLES.edit}：${service.data.name}` : SERVICE_TITLES.edit} />
      <Card>{body}</Card>
    </>
  );
}
