import { Card } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { EditableGate } from '../../../components/EditableGate';
import { PageHeader } from '../../../components/PageHeader';
import { ToolForm } from '../components/ToolForm';
import { TOOL_FORM_TEXT as TEXT, TOOL_PATHS, TOOL_TITLES, TOOL_TOAST } from '../constants';
import { useToolDetail, useUpdateTool } from '../queries';
import { toUpdateToolBody } from '../tool-form';

/** /tool/edit/:id — secrets show masked and are kept unless changed. */
export default function ToolEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const tool = useToolDetail(id);
  const unsaved = useUnsavedChanges();
  const update = useUpdateTool();

  return (
    <>
      <PageHeader title={tool.data ? `${TOOL_TITLES.edit}：${tool.data.title}` : TOOL_TITLES.edit} />
      <EditableGate query={tool} canEdit={(saved) => saved.editable && saved.kind !== 'builtin'} text={TEXT} backTo={TOOL_PATHS.list}>
        {(saved) => (
          <Card>
            <ToolForm
              key={saved.updated_at}
              kind={saved.kind === 'builtin' ? 'llm' : saved.kind}
              tool={saved}
              unsaved={unsaved}
              submitting={update.isPending}
              onSubmit={(values) =>
                update.mutate(toUpdateToolBody(saved.id, values), {
                  onSuccess: (next) => {
                    // Made private while other users' agents use it: said as a warning.
                    if (next.warning) toast.warning(TOOL_TOAST.saved, { description: `${next.title}：${next.warning}` });
                    else toast.success(TOOL_TOAST.saved, { description: next.title });
                    unsaved.markSaved();
                    navigate(TOOL_PATHS.listOf(next.kind));
                  },
                  onError: (error) => toast.error(TOOL_TOAST.saveFailed, { description: error.message }),
                })
              }
            />
          </Card>
        )}
      </EditableGate>
    </>
  );
}
