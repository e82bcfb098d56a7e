import { KB_SEARCH_MODES, MULTIMODAL_TASKS } from '@agent-platform/contracts';
import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { KB_MODE_LABELS, MULTIMODAL_TASK_LABELS, TOOL_FORM_TEXT as TEXT } from '../constants';
import { useEnabledModels } from '../../llm';
import { useVisibleKbs } from '../../knowledge';
import { useAssets } from '../../database/reuse';
import type { ToolFormValues } from '../tool-form';

const MODE_OPTIONS = KB_SEARCH_MODES.map((mode) => ({ value: mode, label: KB_MODE_LABELS[mode] }));
const TASK_OPTIONS = MULTIMODAL_TASKS.map((task) => ({ value: task, label: MULTIMODAL_TASK_LABELS[task] }));

/** A knowledge-base search tool: which knowledge bases, how many hits, how to search. */
export function KbToolFields() {
  const kbs = useVisibleKbs();
  return (
    <>
      <Form.Item<ToolFormValues> name="kb_ids" label={TEXT.kbIds} rules={[{ required: true, type: 'array', min: 1, message: TEXT.kbIdsRequired }]}>
        <Select
          mode="multiple"
          placeholder={TEXT.kbPlaceholder}
          loading={kbs.isPending}
          options={(kbs.data ?? []).map((kb) => ({ value: kb.id, label: kb.name }))}
          notFoundContent={kbs.isError ? kbs.error.message : TEXT.noKbs}
          optionFilterProp="label"
          maxCount={20}
          aria-label={TEXT.kbIds}
        />
      </Form.Item>
      <Form.Item<ToolFormValues> name="top_k" label={TEXT.topK} rules={[{ required: true, message: '请输入返回条数' }]}>
        <InputNumber min={1} max={50} style={{ width: 200 }} aria-label={TEXT.topK} />
      </Form.Item>
      <Form.Item<ToolFormValues> name="search_mode" label={TEXT.searchMode}>
        <Radio.Group options={MODE_OPTIONS} optionType="button" />
      </Form.Item>
    </>
  );
}

/** A data-asset tool: the asset whose tables the model queries with read-only SQL. */
export function DbToolFields() {
  const assets = useAssets();
  return (
    <Form.Item<ToolFormValues> name="asset_id" label={TEXT.assetId} extra={TEXT.assetHint} rules={[{ required: true, message: TEXT.assetRequired }]}>
      <Select
        placeholder={TEXT.assetPlaceholder}
        loading={assets.isPending}
        options={(assets.data ?? []).map((asset) => ({ value: asset.id, label: asset.name }))}
        notFoundContent={assets.isError ? assets.error.message : TEXT.noAssets}
        aria-label={TEXT.assetId}
      />
    </Form.Item>
  );
}

/** An image-understanding (vision) or speech-to-text (stt) tool and its model. */
export function MultimodalToolFields() {
  const task = Form.useWatch<ToolFormValues['task']>('task') ?? 'vision';
  const models = useEnabledModels([task]);
  return (
    <>
      <Form.Item<ToolFormValues> name="task" label={TEXT.task}>
        <Radio.Group options={TASK_OPTIONS} optionType="button" />
      </Form.Item>
      <Form.Item<ToolFormValues> name="llm_name" label={TEXT.model} rules={[{ required: true, message: TEXT.modelRequired }]}>
        <Select
          placeholder={TEXT.modelPlaceholder}
          loading={models.isPending}
          options={(models.data ?? []).map((model) => ({ value: model.llm_name, label: model.display_name || model.llm_name }))}
          notFoundContent={models.isError ? models.error.message : TEXT.noModels}
          aria-label={TEXT.model}
        />
      </Form.Item>
      <Form.Item<ToolFormValues> name="prompt" label={TEXT.prompt} extra={task === 'stt' ? TEXT.promptHintStt : TEXT.promptHintVision}>
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </>
  );
}
