import type { OpenApiOperation, OpenApiPreview } from '@agent-platform/contracts';
import { CloudUploadOutlined, FileSearchOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Divider, Empty, Flex, Form, Input, Row, Switch, Table, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { OPENAPI_TEXT as TEXT, TOOL_FORM_TEXT, TOOL_PATHS, TOOL_TOAST } from '../constants';
import { duplicateNames, importBodies, initialSelection, needsServerUrl } from '../openapi-selection';
import { useCreateTool, useParseOpenApi } from '../queries';
import { JsonEditor } from './JsonEditor';
import { TagSelect } from './ToolTags';

const METHOD_COLORS: Record<string, string> = { GET: 'green', POST: 'blue', PUT: 'orange', PATCH: 'gold', DELETE: 'red' };

const COLUMNS: TableColumnsType<OpenApiOperation> = [
  { title: TEXT.method, dataIndex: 'method', key: 'method', width: 90, render: (method: string) => <Tag color={METHOD_COLORS[method.toUpperCase()]}>{method.toUpperCase()}</Tag> },
  { title: TEXT.path, dataIndex: 'path', key: 'path', ellipsis: true, render: (path: string) => <Typography.Text code>{path}</Typography.Text> },
  { title: TEXT.toolName, dataIndex: 'name', key: 'name', width: 200, ellipsis: true },
  { title: TEXT.summary, dataIndex: 'summary', key: 'summary', ellipsis: true },
];

/**
 * Import API tools from an OpenAPI 3 document: parse, preview the operations, create one tool per chosen one.
 * `onImported` runs before leaving for the list (the page's unsaved-changes guard is done with).
 */
export function OpenApiImport({ onImported }: { onImported?: () => void }) {
  const navigate = useNavigate();
  const parse = useParseOpenApi();
  const create = useCreateTool();
  const [document, setDocument] = useState('');
  const [preview, setPreview] = useState<{ document: string; result: OpenApiPreview } | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [serverUrl, setServerUrl] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [isPublic, setIsPublic] = useState(false);
  const [importing, setImporting] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);

  const runParse = () => {
    if (!document.trim()) {
      toast.error(TEXT.documentRequired);
      return;
    }
    parse.mutate(document, {
      onSuccess: (result) => {
        setPreview({ document, result });
        setSelected(initialSelection(result.operations));
        setFailures([]);
      },
      onError: (error) => toast.error(TOOL_TOAST.parseFailed, { description: error.message }),
    });
  };

  const operations = preview?.result.operations ?? [];
  const duplicates = duplicateNames(operations, selected);
  const askServer = preview ? needsServerUrl(preview.result) : false;

  const runImport = async () => {
    if (!preview) return;
    if ((askServer || serverUrl.trim()) && !/^https?:\/\//i.test(serverUrl.trim())) {
      toast.error(TEXT.serverUrlHint);
      return;
    }
    const bodies = importBodies(operations, selected, { document: preview.document, serverUrl, tags, isPublic });
    setImporting(true);
    const failed: Array<{ key: string; message: string }> = [];
    for (const body of bodies) {
      try {
        await create.mutateAsync(body);
      } catch (error) {
        failed.push({ key: body.openapi?.operation ?? '', message: (error as Error).message });
      }
    }
    setImporting(false);
    // What was created leaves the selection: importing again retries only what failed.
    setSelected(failed.map((item) => item.key));
    setFailures(failed.map((item) => `${item.key}：${item.message}`));
    const ok = bodies.length - failed.length;
    if (failed.length === 0) {
      toast.success(TEXT.imported(ok));
      onImported?.();
      navigate(TOOL_PATHS.list);
    } else {
      toast.error(TEXT.partlyFailed(ok, failed.length));
    }
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
      <Form layout="vertical" component="div">
        <Form.Item label={TEXT.document} extra={TEXT.documentHint} required>
          <JsonEditor label={TEXT.document} value={document} onChange={setDocument} placeholder={TEXT.documentPlaceholder} minRows={10} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Upload
            accept=".json,.yaml,.yml,application/json,text/yaml"
            showUploadList={false}
            beforeUpload={(file) => {
              void file.text().then(setDocument);
              return false;
            }}
          >
            <Button icon={<CloudUploadOutlined />}>{TEXT.upload}</Button>
          </Upload>
          <Button type="primary" icon={<FileSearchOutlined />} loading={parse.isPending} onClick={runParse}>
            {TEXT.parse}
          </Button>
        </Flex>
      </Form>
      {preview ? (
        <>
          <Divider style={{ margin: 0 }} />
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {TEXT.operations}：{TEXT.parsedTitle(preview.result.title, preview.result.version)}
            </Typography.Title>
            <Typography.Text type="secondary">{TEXT.selected(selected.length, operations.length)}</Typography.Text>
          </Flex>
          <Table<OpenApiOperation>
            rowKey="key"
            size="small"
            columns={COLUMNS}
            dataSource={operations}
            pagination={false}
            scroll={{ y: 360 }}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.none} /> }}
          />
          {duplicates.length > 0 ? <Alert type="warning" showIcon title={`同名工具：${duplicates.join('、')}（同一名称只能导入一个）`} /> : null}
          <Form layout="vertical" component="div">
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item label={TEXT.serverUrl} extra={askServer ? TEXT.serverUrlHint : TEXT.serverUrlOptional} required={askServer}>
                  <Input
                    value={serverUrl}
                    onChange={(event) => setServerUrl(event.target.value)}
                    placeholder={preview.result.servers.find((server) => /^https?:\/\//i.test(server)) ?? 'https://api.example.com'}
                    aria-label={TEXT.serverUrl}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label={TOOL_FORM_TEXT.tags}>
                  <TagSelect tagType="tool" label={TOOL_FORM_TEXT.tags} placeholder={TOOL_FORM_TEXT.tagsPlaceholder} value={tags} onChange={setTags} />
                </Form.Item>
              </Col>
              <Col xs={24} md={4}>
                <Form.Item label={TOOL_FORM_TEXT.isPublic}>
                  <Switch checked={isPublic} onChange={setIsPublic} aria-label={TOOL_FORM_TEXT.isPublic} />
                </Form.Item>
              </Col>
            </Row>
          </Form>
          {failures.length > 0 ? (
            <Alert
              type="error"
              showIcon
              title={TOOL_TOAST.failed}
              description={failures.map((line) => (
                <div key={line}>{line}</div>
              ))}
            />
          ) : null}
          <Flex gap={12}>
            <Button type="primary" disabled={selected.length === 0} loading={importing} onClick={() => void runImport()}>
              {selected.length === 0 ? TEXT.noneSelected : TEXT.importButton(selected.length)}
            </Button>
            <Button onClick={() => navigate(TOOL_PATHS.list)}>{TOOL_FORM_TEXT.cancel}</Button>
          </Flex>
        </>
      ) : null}
    </Flex>
  );
}
