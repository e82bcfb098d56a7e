import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { EditableGate } from '../../../components/EditableGate';
import { PageHeader } from '../../../components/PageHeader';
import { ModelForm } from '../components/ModelForm';
import { LLM_PATHS, LLM_TITLES, LLM_TOAST, MODEL_FORM_TEXT as TEXT } from '../constants';
import { toUpdateBody } from '../model-form';
import { useModel, useUpdateModel } from '../queries';

/** /model/edit/:id — the API key shows masked and is kept unless changed. */
export default function ModelEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const model = useModel(id);
  const update = useUpdateModel();
  const unsaved = useUnsavedChanges();

  return (
    <>
      <PageHeader title={model.data ? `${LLM_TITLES.edit}：${model.data.display_name}` : LLM_TITLES.edit} />
      <EditableGate query={model} canEdit={(saved) => saved.can_edit} text={TEXT} backTo={LLM_PATHS.list}>
        {(saved) => (
          <ModelForm
            key={saved.updated_at}
            model={saved}
            unsaved={unsaved}
            submitting={update.isPending}
            onSubmit={(values) =>
              update.mutate(toUpdateBody(saved, values), {
                onSuccess: (next) => {
                  toast.success(LLM_TOAST.saved, { description: next.display_name });
                  unsaved.markSaved();
                  navigate(LLM_PATHS.list);
                },
                onError: (error) => toast.error(LLM_TOAST.saveFailed, { description: error.message }),
              })
            }
          />
        )}
      </EditableGate>
    </>
  );
}
