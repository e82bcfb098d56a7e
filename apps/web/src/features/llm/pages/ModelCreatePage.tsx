import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../../components/PageHeader';
import { ModelForm } from '../components/ModelForm';
import { LLM_PATHS, LLM_TITLES, LLM_TOAST } from '../constants';
import { toCreateBody } from '../model-form';
import { useCreateModel } from '../queries';

/** /model/create */
export default function ModelCreatePage() {
  const navigate = useNavigate();
  const create = useCreateModel();
  return (
    <>
      <PageHeader title={LLM_TITLES.create} />
      <ModelForm
        submitting={create.isPending}
        onSubmit={(values) =>
          create.mutate(toCreateBody(values), {
            onSuccess: (model) => {
              toast.success(LLM_TOAST.created, { description: model.display_name });
              navigate(LLM_PATHS.list);
            },
            onError: (error) => toast.error(LLM_TOAST.saveFailed, { description: error.message }),
          })
        }
      />
    </>
  );
}
