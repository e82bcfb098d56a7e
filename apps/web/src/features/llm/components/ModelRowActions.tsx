import type { LlmModel } from '@agent-platform/contracts';
import { Button, Flex, Popconfirm, Space, Switch, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
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
    <Switch
      checked={enabled}
      loading={update.isPending}
      disabled={!model.can_edit}
      aria-label={label}
      checkedChildren={TEXT.enable}
      unCheckedChildren={TEXT.disable}
      onChange={toggle}
    />
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
        <Popconfirm
          title={TEXT.deleteConfirm}
          description={TEXT.deleteConfirmDescription}
          okText={TEXT.confirm}
          cancelText={TEXT.cancel}
          okButtonProps={{ danger: true, loading: remove.isPending }}
          disabled={!model.can_edit}
          onConfirm={() => remove.mutateAsync(model.id).then(() => toast.success(LLM_TOAST.deleted, { description: modelName(model) }), onFailure)}
        >
          <Button type="link" size="small" danger disabled={!model.can_edit} title={blocked}>
            {TEXT.delete}
          </Button>
        </Popconfirm>
      </Space>
      <div style={{ paddingInline: 7 }}>
        <ConnectionTestResult result={test.result} compact />
      </div>
    </Flex>
  );
}
