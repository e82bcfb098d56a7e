import type { KnowledgeBase, LlmModel } from '@agent-platform/contracts';
import { Alert, Collapse, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { UnsavedChangesPrompt } from '../../../components/UnsavedChangesPrompt';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { NoModelsHint, useCreatedModel } from '../../llm';
import { TagSelect } from '../../tags';
import { KB_FORM_TEXT as TEXT, KB_TOAST } from '../constants';
import { useCreateKb, useEnabledModels, useUpdateKb } from '../queries';
import { toFormValues, toKbBody, type KbFormValues } from './kb-form';

interface KbFormModalProps {
  open: boolean;
  /** The knowledge base to edit; none: create one. */
  kb?: KnowledgeBase;
  onClose: () => void;
  onSaved?: (kb: KnowledgeBase) => void;
}

const modelOptions = (models: LlmModel[] | undefined) => (models ?? []).map((model) => ({ value: model.llm_name, label: model.display_name || model.llm_name }));

/** What the embedding and rerank selects share: the enabled models of one type, and where to add one when there are none. */
const modelSelectProps = (models: { data?: LlmModel[]; isPending: boolean }, type: 'embedding' | 'rerank') => ({
  allowClear: true,
  options: modelOptions(models.data),
  loading: models.isPending,
  notFoundContent: <NoModelsHint type={type} />,
});

function AdvancedFields() {
  return (
    <>
      <Form.Item name="chunk_size" label={TEXT.chunkSize} extra={TEXT.chunkSizeHint} rules={[{ required: true, message: TEXT.chunkSizeHint }]}>
        <InputNumber min={100} max={4000} step={50} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="chunk_overlap"
        label={TEXT.chunkOverlap}
        extra={TEXT.chunkOverlapHint}
        dependencies={['chunk_size']}
        rules={[
          { required: true, message: TEXT.chunkOverlapHint },
          ({ getFieldValue }) => ({
            validator: (_rule, value: number | null) =>
              value === null || value === undefined || value * 2 < (getFieldValue('chunk_size') as number) ? Promise.resolve() : Promise.reject(new Error(TEXT.overlapTooLarge)),
          }),
        ]}
      >
        <InputNumber min={0} max={1000} step={10} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="separators" label={TEXT.separators} extra={TEXT.separatorsHint}>
        <Select mode="tags" open={false} suffixIcon={null} placeholder={TEXT.separatorsPlaceholder} aria-label={TEXT.separators} tokenSeparators={[' ']} />
      </Form.Item>
    </>
  );
}

/** Create or edit a knowledge base: name, models, tags, visibility, and chunking under 高级设置. */
export function KbFormModal({ open, kb, onClose, onSaved }: KbFormModalProps) {
  const [form] = Form.useForm<KbFormValues>();
  const create = useCreateKb();
  const update = useUpdateKb();
  const embedding = useEnabledModels(['embedding']);
  const rerank = useEnabledModels(['rerank']);
  const pending = create.isPending || update.isPending;
  const unsaved = useUnsavedChanges();
  const close = () => {
    unsaved.markSaved();
    onClose();
  };
  const created = useCreatedModel();
  // Back from creating a model for this form: put it where its type belongs.
  useEffect(() => {
    if (!open || !created) return;
    if (embedding.data?.some((model) => model.llm_name === created)) form.setFieldValue('embedding_model', created);
    if (rerank.data?.some((model) => model.llm_name === created)) form.setFieldValue('rerank_model', created);
  }, [open, created, embedding.data, rerank.data, form]);

  const submit = async (values: KbFormValues) => {
    const body = toKbBody(values);
    try {
      const saved = kb ? await update.mutateAsync({ kb_id: kb.id, ...body }) : await create.mutateAsync(body);
      toast.success(kb ? KB_TOAST.saved : KB_TOAST.created, { description: saved.name });
      unsaved.markSaved();
      onSaved?.(saved);
      onClose();
    } catch (error) {
      toast.error(KB_TOAST.failed, { description: (error as Error).message });
    }
  };

  return (
    <Modal
      open={open}
      title={kb ? TEXT.editTitle : TEXT.createTitle}
      okText={kb ? TEXT.save : TEXT.create}
      cancelText={TEXT.cancel}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
      width={600}
    >
      <Form<KbFormValues> form={form} layout="vertical" initialValues={toFormValues(kb)} onValuesChange={unsaved.markChanged} onFinish={(values) => void submit(values)} clearOnDestroy>
        <Form.Item name="name" label={TEXT.name} rules={[{ required: true, whitespace: true, message: TEXT.nameRequired }, { max: 100 }]}>
          <Input placeholder={TEXT.namePlaceholder} maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label={TEXT.description}>
          <Input.TextArea placeholder={TEXT.descriptionPlaceholder} maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item name="embedding_model" label={TEXT.embeddingModel} extra={TEXT.embeddingHint}>
          <Select {...modelSelectProps(embedding, 'embedding')} placeholder={TEXT.embeddingPlaceholder} aria-label={TEXT.embeddingModel} />
        </Form.Item>
        <Form.Item name="rerank_model" label={TEXT.rerankModel}>
          <Select {...modelSelectProps(rerank, 'rerank')} placeholder={TEXT.rerankPlaceholder} aria-label={TEXT.rerankModel} />
        </Form.Item>
        <Form.Item name="tags" label={TEXT.tags}>
          <TagSelect tagType="kb" mode="multiple" maxCount={10} placeholder={TEXT.tagsPlaceholder} aria-label={TEXT.tags} />
        </Form.Item>
        <Form.Item name="is_public" label={TEXT.isPublic} extra={TEXT.isPublicHint} valuePropName="checked">
          <Switch aria-label={TEXT.isPublic} />
        </Form.Item>
        {kb ? <Alert type="info" showIcon title={TEXT.reindexHint} style={{ marginBottom: 16 }} /> : null}
        <Collapse size="small" items={[{ key: 'advanced', label: TEXT.advanced, forceRender: true, children: <AdvancedFields /> }]} />
      </Form>
      <UnsavedChangesPrompt blocker={unsaved.blocker} />
    </Modal>
  );
}
