import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { PageHeader } from '../../../components/PageHeader';
import { ModelForm } from '../components/ModelForm';
import { LLM_PATHS, LLM_TITLES, LLM_TOAST } from '../constants';
import { toCreateBody } from '../model-form';
import { createdModelState, requestedType, returnTarget } from '../model-return';
import { useCreateModel } from '../queries';

/** /model/create */
export default function ModelCreatePage() {
  const navigate = useNavigate();
  const create = useCreateModel();
  const unsaved = useUnsavedChanges();
  const { search } = useLocation();
  const back = returnTarget(search);
  return (
    <>
      <PageHeader title={LLM_TITLES.create} />
      <ModelForm
        initialType={requestedType(search)}
        unsaved={unsaved}
        submitting={create.isPending}
        onSubmit={(values) =>
          create.mutate(toCreateBody(values), {
            onSuccess: (model) => {
              toast.success(LLM_TOAST.created, { description: model.display_name });
              unsaved.markSaved();
              // Guided here from a page that needed a model: back there, with this one chosen.
              if (back) navigate(back, { state: createdModelState(model.llm_name) });
              else navigate(LLM_PATHS.list);
            },
            onError: (error) => toast.error(LLM_TOAST.saveFailed, { description: error.message }),
          })
        }
      />
    </>
  );
}
