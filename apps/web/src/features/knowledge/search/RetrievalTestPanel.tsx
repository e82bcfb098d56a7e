import { KB_SEARCH_DEFAULTS, KB_SEARCH_MODES, type KbSearchMode, type KnowledgeBase } from '@agent-platform/contracts';
import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Form, Input, InputNumber, Segmented, Slider, Spin } from 'antd';
import { KB_SEARCH_MODE_LABELS, KB_SEARCH_TEXT as TEXT } from '../constants';
import { useSearchDocuments } from '../queries';
import { SearchHitCard } from './SearchHitCard';

interface SearchForm {
  query: string;
  mode: KbSearchMode;
  top_k: number;
  score_threshold: number;
}

const MODE_OPTIONS = KB_SEARCH_MODES.map((mode) => ({ value: mode, label: KB_SEARCH_MODE_LABELS[mode] }));

/** 检索测试: what the knowledge base retrieves for a question, with the scores. */
export function RetrievalTestPanel({ kb }: { kb: KnowledgeBase }) {
  const [form] = Form.useForm<SearchForm>();
  const search = useSearchDocuments();
  const result = search.data;

  return (
    <Flex gap={24} wrap align="flex-start">
      <Form<SearchForm>
        form={form}
        layout="vertical"
        style={{ width: 340, flex: 'none' }}
        initialValues={{ query: '', ...KB_SEARCH_DEFAULTS }}
        onFinish={(values) => search.mutate({ kb_id: kb.id, ...values, query: values.query.trim() })}
      >
        <Form.Item name="query" label={TEXT.query} rules={[{ required: true, whitespace: true, message: TEXT.queryPlaceholder }]}>
          <Input.TextArea placeholder={TEXT.queryPlaceholder} autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} />
        </Form.Item>
        <Form.Item name="mode" label={TEXT.mode}>
          <Segmented<KbSearchMode> options={MODE_OPTIONS} block />
        </Form.Item>
        <Form.Item name="top_k" label={TEXT.topK}>
          <InputNumber min={1} max={50} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="score_threshold" label={TEXT.threshold}>
          <Slider min={0} max={1} step={0.01} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={search.isPending} block>
          {TEXT.run}
        </Button>
      </Form>
      <Flex vertical gap={12} style={{ flex: 1, minWidth: 320 }} aria-live="polite">
        {search.isError ? <Alert type="error" showIcon title={search.error.message} /> : null}
        {result ? (
          <Alert
            type={result.notice ? 'warning' : 'info'}
            showIcon
            title={TEXT.usedMode(KB_SEARCH_MODE_LABELS[result.mode])}
            description={result.notice ?? undefined}
            data-testid="kb-search-mode"
          />
        ) : null}
        {search.isPending ? <Spin /> : null}
        {!result && !search.isPending && !search.isError ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.idle} /> : null}
        {result && result.hits.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.empty} /> : null}
        {result?.hits.map((hit, index) => (
          <SearchHitCard key={hit.segment_id} hit={hit} rank={index + 1} />
        ))}
      </Flex>
    </Flex>
  );
}
