import type { ToolKind } from '@agent-platform/contracts';
import { Card, Flex, Form, Radio, Segmented } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { PageHeader } from '../../../components/PageHeader';
import { OpenApiImport } from '../components/OpenApiImport';
import { ToolForm } from '../components/ToolForm';
import { TOOL_FORM_TEXT as TEXT, TOOL_LIST_TABS, TOOL_PATHS, TOOL_TITLES, TOOL_TOAST } from '../constants';
import { useCreateTool } from '../queries';
import { toCreateToolBody } from '../tool-form';

const CREATABLE: ToolKind[] = ['llm', 'llm/kb', 'llm/db', 'llm/multimodal', 'service'];
const KIND_OPTIONS = CREATABLE.map((kind) => ({ value: kind, label: TOOL_LIST_TABS.find((tab) => tab.kind === kind)?.label ?? kind }));

type Mode = 'manual' | 'openapi';

/**
 * /tool/create?kind=…: an API tool by hand or from an OpenAPI document, a knowledge-base, a multimodal
 * or a service tool (`&service_id=…&function=…` when coming from a service's functions).
 */
export default function ToolCreatePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = params.get('kind') as ToolKind | null;
  const [kind, setKind] = useState<ToolKind>(requested && CREATABLE.includes(requested) ? requested : 'llm');
  const [mode, setMode] = useState<Mode>('manual');
  const [preset] = useState(() => ({ service_id: params.get('service_id') ?? undefined, function_name: params.get('function') ?? undefined }));
  const unsaved = useUnsavedChanges();
  const create = useCreateTool();

  return (
    <>
      <PageHeader title={TOOL_TITLES.create} />
      <Card>
        <Form layout="vertical" component="div" style={{ maxWidth: 920 }}>
          <Flex gap={32} wrap>
            <Form.Item label={TEXT.kind}>
              <Radio.Group options={KIND_OPTIONS} optionType="button" buttonStyle="solid" value={kind} onChange={(event) => setKind(event.target.value as ToolKind)} />
            </Form.Item>
            {kind === 'llm' ? (
              <Form.Item label={TEXT.mode}>
                <Segmented<Mode>
                  value={mode}
                  onChange={setMode}
                  options={[
                    { value: 'manual', label: TEXT.manual },
                    { value: 'openapi', label: TEXT.openapi },
                  ]}
                />
              </Form.Item>
            ) : null}
          </Flex>
        </Form>
        {kind === 'llm' && mode === 'openapi' ? (
          <OpenApiImport onImported={unsaved.markSaved} />
        ) : (
          <ToolForm
            key={kind}
            kind={kind}
            preset={kind === 'service' ? preset : undefined}
            unsaved={unsaved}
            submitting={create.isPending}
            onSubmit={(values) =>
              create.mutate(toCreateToolBody(values), {
                onSuccess: (tool) => {
                  toast.success(TOOL_TOAST.created, { description: tool.title });
                  unsaved.markSaved();
                  navigate(TOOL_PATHS.listOf(tool.kind));
                },
                onError: (error) => toast.error(TOOL_TOAST.saveFailed, { description: error.message }),
              })
            }
          />
        )}
      </Card>
    </>
  );
}
