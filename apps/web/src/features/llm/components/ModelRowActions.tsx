import type { LlmModel } from '@agent-platform/contracts';
import { Button, Flex, Space, Switch, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { LLM_PATHS, LLM_TOAST, MODEL_LIST_TEXT as TEXT } from '../constants';
import { useDeleteModel, useUpdateModelStatus } from '../queries';
import { ConnectionTestResult, useConnectionTest } from './ConnectionTest';

const onFailure = (error: Error) => toast.error(LLM_TOAST.failed, { description: error.message });
const modelName = (model: LlmModel) => model.display_name || model.llm_name;

/** 启用 / 停用, for the model's owner and administrators. */
export function ModelStatusSwitch({ model }: { model: LlmModel }) {
  const update = useUpdateModelStatus();
  const enabled = model.status === 'enabled';
  const label = `${enabled ? TEXT.disable : TEXT.enable}：${modelName(model)}`;
  const toggle = (checked: boolean) =>
    update.mutate(
      { id: model.id, status: checked ? 'enabled' : 'disabled' },
      { onSuccess: () => toast.success(checked ? LLM_TOAST.enabled : LLM_TOAST.disabled, { description: modelName(model) }), onError: onFailure },
    );
  const control = (
    <Switch checked={enabled} loading={update.isPending} disabled={!model.can_edit} aria-label={label} checkedChildren={TEXT.enable} unCheckedChildren={TEXT.disable} onChange={toggle} />
  );
  return model.can_edit ? control : <Tooltip title={TEXT.noEditRight}>{control}</Tooltip>;
}

/** Test the connection (the result shows under the buttons), edit, delete (after confirming). */
export function ModelRowActions({ model }: { model: LlmModel }) {
  const navigate = useNavigate();
  const remove = useDeleteModel();
  const test = useConnectionTest();
  const blocked = model.can_edit ? undefined : TEXT.noEditRight;
  return (
    <Flex vertical gap={2} align="flex-start">
      <Space size={0}>
        <Button type="link" size="small" loading={test.isPending} onClick={() => test.run({ id: model.id })}>
          {TEXT.testConnection}
        </Button>
        <Button type="link" size="small" disabled={!model.can_edit} title={blocked} onClick={() => navigate(LLM_PATHS.edit(model.id))}>
          {TEXT.edit}
        </Button>
        <ConfirmDeleteButton
          title={TEXT.deleteConfirm}
          description={TEXT.deleteConfirmDescription}
          onDelete={() => remove.mutateAsync(model.id)}
          pending={remove.isPending}
          successToast={LLM_TOAST.deleted}
          failureToast={LLM_TOAST.failed}
          subject={modelName(model)}
          disabled={!model.can_edit}
          disabledHint={TEXT.noEditRight}
        />
      </Space>
      <div style={{ paddingInline: 7 }}>
        <ConnectionTestResult result={test.result} compact />
      </div>
    </Flex>
  );
}
