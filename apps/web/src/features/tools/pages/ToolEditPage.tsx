import { Button, Card, Result, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
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
  const update = useUpdateTool();

  const back = (
    <Button type="primary" onClick={() => navigate(TOOL_PATHS.list)}>
      {TEXT.back}
    </Button>
  );

  let body;
  if (tool.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (tool.isError) body = <Result status="warning" title={tool.error.code === 40401 ? TEXT.notFound : tool.error.message} extra={back} />;
  else if (!tool.data.editable || tool.data.kind === 'builtin') body = <Result status="403" title={TEXT.readOnly} extra={back} />;
  else {
    const saved = tool.data;
    const kind = saved.kind === 'builtin' ? 'llm' : saved.kind;
    body = (
      <ToolForm
        key={saved.updated_at}
        kind={kind}
        tool={saved}
        submitting={update.isPending}
        onSubmit={(values) =>
          update.mutate(toUpdateToolBody(saved.id, values), {
            onSuccess: (next) => {
              toast.success(TOOL_TOAST.saved, { description: next.title });
              navigate(TOOL_PATHS.listOf(next.kind));
            },
            onError: (error) => toast.error(TOOL_TOAST.saveFailed, { description: error.message }),
          })
        }
      />
    );
  }

  return (
    <>
      <PageHeader title={tool.data ? `${TOOL_TITLES.edit}：${tool.data.title}` : TOOL_TITLES.edit} />
      <Card>{body}</Card>
    </>
  );
}
