import type { ColumnNote } from '@agent-platform/contracts';
import { Form, Input, Modal, Select } from 'antd';
import { DATASOURCE_TEXT as TEXT } from '../constants';

type ColumnNoteValues = Pick<ColumnNote, 'description' | 'synonyms' | 'unit' | 'code_meanings'>;

interface ColumnNoteModalProps {
  /** The column being described (`null`: closed) and its note so far. */
  column: { name: string; note?: ColumnNote } | null;
  saving: boolean;
  onSave: (note: ColumnNote) => void;
  onClose: () => void;
}

/** What one column means to the business: a description, synonyms (销售额 = order_amount), its unit and the meaning of its codes. */
export function ColumnNoteModal({ column, saving, onSave, onClose }: ColumnNoteModalProps) {
  const [form] = Form.useForm<ColumnNoteValues>();
  const note = column?.note;
  return (
    <Modal
      title={column ? TEXT.columnNote.title(column.name) : ''}
      open={!!column}
      onCancel={onClose}
      destroyOnHidden
      confirmLoading={saving}
      okText={TEXT.columnNote.save}
      onOk={() =>
        void form.validateFields().then((values) =>
          onSave({
            name: column!.name,
            sample_values: note?.sample_values ?? [],
            ...values,
            synonyms: values.synonyms ?? [],
            unit: values.unit ?? '',
            code_meanings: values.code_meanings ?? '',
          }),
        )
      }
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ description: note?.description ?? '', synonyms: note?.synonyms ?? [], unit: note?.unit ?? '', code_meanings: note?.code_meanings ?? '' }}
      >
        <Form.Item name="description" label={TEXT.columnNote.description}>
          <Input.TextArea autoSize={{ minRows: 2 }} maxLength={500} />
        </Form.Item>
        <Form.Item name="synonyms" label={TEXT.columnNote.synonyms} extra={TEXT.columnNote.synonymsHint}>
          <Select mode="tags" maxCount={20} aria-label={TEXT.columnNote.synonyms} tokenSeparators={[',', '，', '、']} />
        </Form.Item>
        <Form.Item name="unit" label={TEXT.columnNote.unit}>
          <Input maxLength={50} placeholder={TEXT.columnNote.unitPlaceholder} />
        </Form.Item>
        <Form.Item name="code_meanings" label={TEXT.columnNote.codeMeanings}>
          <Input.TextArea autoSize={{ minRows: 1 }} maxLength={1000} placeholder={TEXT.columnNote.codeMeaningsPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
