import { ArrowLeftOutlined, CaretRightOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Flex, Form, Result, Row, Skeleton, Tag } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { SchemaForm } from '../components/SchemaForm';
import { ToolRunResult } from '../components/ToolRunResult';
import { TagList } from '../components/ToolTags';
import { ProviderLink } from '../components/ProviderLink';
import { PROVIDER_TEXT, TOOL_CALL_TEXT as TEXT, TOOL_FORM_TEXT, TOOL_LIST_TABS, TOOL_PATHS, TOOL_TITLES } from '../constants';
import { useRunTool, useToolDetail } from '../queries';
import { initialInputValues, schemaFields, toToolInput } from '../schema-fields';

/** /tool/call/:id — a form from the tool's input schema; runs it once (`tool_use`) and shows what it gave. */
export default function ToolCallPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const tool = useToolDetail(id);
  const run = useRunTool();
  const [form] = Form.useForm<Record<string, unknown>>();
  const fields = useMemo(() => schemaFields(tool.data?.input_schema), [tool.data]);
  const initial = useMemo(() => initialInputValues(fields), [fields]);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(tool.data ? TOOL_PATHS.listOf(tool.data.kind) : TOOL_PATHS.list)}>
      {TEXT.back}
    </Button>
  );

  if (tool.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (tool.isError) {
    return <Result status="warning" title={tool.error.code === 40401 ? TOOL_FORM_TEXT.notFound : tool.error.message} extra={back} />;
  }
  const info = tool.data;
  const submit = () => run.mutate({ id: info.id, input: toToolInput(fields, form.getFieldsValue(true)) });

  return (
    <>
      <PageHeader title={`${TOOL_TITLES.call}：${info.title || info.name}`} description={info.description && info.description !== info.title ? info.description : undefined} extra={back} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card title={TEXT.input}>
            <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={TEXT.name}>{info.name}</Descriptions.Item>
              <Descriptions.Item label={TEXT.kind}>
                <Tag>{TOOL_LIST_TABS.find((tab) => tab.kind === info.kind)?.label ?? info.kind}</Tag>
                <TagList tags={info.tags} />
              </Descriptions.Item>
              <Descriptions.Item label={TEXT.owner}>{info.owner_name}</Descriptions.Item>
              {info.provider ? (
                <Descriptions.Item label={PROVIDER_TEXT.ofTool}>
                  <ProviderLink provider={info.provider} />
                </Descriptions.Item>
              ) : null}
            </Descriptions>
            <SchemaForm key={info.id} form={form} fields={fields} initialValues={initial} onFinish={submit} />
            <Flex gap={12} style={{ marginTop: 8 }}>
              <Button type="primary" icon={<CaretRightOutlined />} loading={run.isPending} onClick={() => form.submit()}>
                {TEXT.run}
              </Button>
              <Button onClick={() => form.resetFields()}>{TEXT.reset}</Button>
            </Flex>
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card title={TEXT.output}>
            <ToolRunResult running={run.isPending} result={run.data} error={run.error} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
