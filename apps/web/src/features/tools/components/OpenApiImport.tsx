import type { OpenApiOperation, OpenApiPreview } from '@agent-platform/contracts';
import { CloudUploadOutlined, FileSearchOutlined, LinkOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Divider, Empty, Flex, Form, Input, Row, Switch, Table, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AUTH_TYPE_LABELS, OPENAPI_TEXT as TEXT, TOOL_FORM_TEXT, TOOL_PATHS, TOOL_TOAST } from '../constants';
import { duplicateNames, initialSelection, needsServerUrl, providerBody } from '../openapi-selection';
import { credentialDraftOf, credentialProblem, type CredentialDraft } from '../provider-form';
import { useCreateToolProvider, useParseOpenApi } from '../queries';
import { CredentialFields } from './CredentialFields';
import { JsonEditor } from './JsonEditor';
import { TagSelect } from './ToolTags';

const METHOD_COLORS: Record<string, string> = { GET: 'green', POST: 'blue', PUT: 'orange', PATCH: 'gold', DELETE: 'red' };

const COLUMNS: TableColumnsType<OpenApiOperation> = [
  { title: TEXT.method, dataIndex: 'method', key: 'method', width: 90, render: (method: string) => <Tag color={METHOD_COLORS[method.toUpperCase()]}>{method.toUpperCase()}</Tag> },
  { title: TEXT.path, dataIndex: 'path', key: 'path', ellipsis: true, render: (path: string) => <Typography.Text code>{path}</Typography.Text> },
  { title: TEXT.toolName, dataIndex: 'name', key: 'name', width: 200, ellipsis: true },
  {
    title: TEXT.summary,
    dataIndex: 'summary',
    key: 'summary',
    ellipsis: true,
    render: (summary: string, operation) => (
      <>
        {operation.anonymous ? <Tag title={TEXT.anonymousHint}>{TEXT.anonymous}</Tag> : null}
        {summary}
      </>
    ),
  },
];

/**
 * Import an OpenAPI 3 document (pasted, uploaded or fetched from its URL) as an API tool set: parse,
 * preview the operations, set the auth read from its `securitySchemes` and its secret once, create.
 * `onImported` runs before leaving for the set's page (the page's unsaved-changes guard is done with).
 */
export function OpenApiImport({ onImported }: { onImported?: () => void }) {
  const navigate = useNavigate();
  const parse = useParseOpenApi();
  const create = useCreateToolProvider();
  const [document, setDocument] = useState('');
  const [documentUrl, setDocumentUrl] = useState('');
  const [fetchedFrom, setFetchedFrom] = useState<{ url: string; text: string } | null>(null);
  const [preview, setPreview] = useState<{ document: string; result: OpenApiPreview } | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [title, setTitle] = useState('');
  const [serverUrl, setServerUrl] = useState('');
  const [credential, setCredential] = useState<CredentialDraft>(() => credentialDraftOf({ type: 'none' }));
  const [tags, setTags] = useState<string[]>([]);
  const [isPublic, setIsPublic] = useState(false);

  const previewed = (text: string, result: OpenApiPreview) => {
    setPreview({ document: text, result });
    setSelected(initialSelection(result.operations));
    setCredential(credentialDraftOf(result.auth));
  };

  const runParse = () => {
    if (!document.trim()) {
      toast.error(TEXT.documentRequired);
      return;
    }
    parse.mutate({ document }, { onSuccess: (result) => previewed(document, result), onError: (error) => toast.error(TOOL_TOAST.parseFailed, { description: error.message }) });
  };

  const runFetch = () => {
    const url = documentUrl.trim();
    parse.mutate(
      { url },
      {
        onSuccess: (result) => {
          const text = result.document ?? '';
          setDocument(text);
          setFetchedFrom({ url, text });
          previewed(text, result);
          toast.success(TEXT.fetched);
        },
        onError: (error) => toast.error(TOOL_TOAST.parseFailed, { description: error.message }),
      },
    );
  };

  const operations = preview?.result.operations ?? [];
  const duplicates = duplicateNames(operations, selected);
  const askServer = preview ? needsServerUrl(preview.result) : false;

  const runImport = () => {
    if (!preview) return;
    if ((askServer || serverUrl.trim()) && !/^https?:\/\//i.test(serverUrl.trim())) {
      toast.error(TEXT.serverUrlHint);
      return;
    }
    const problem = credentialProblem(credential);
    if (problem) {
      toast.error(problem);
      return;
    }
    // Fetched and left as it came: the set remembers its URL and re-imports from there.
    const url = fetchedFrom && fetchedFrom.text === preview.document ? fetchedFrom.url : undefined;
    create.mutate(providerBody(operations, selected, { document: preview.document, url, title, serverUrl, tags, isPublic, credential }), {
      onSuccess: (provider) => {
        toast.success(TEXT.imported(provider.tools.length));
        onImported?.();
        navigate(TOOL_PATHS.provider(provider.id));
      },
      onError: (error) => toast.error(TOOL_TOAST.saveFailed, { description: error.message }),
    });
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
        <Form.Item label={TEXT.documentUrl} style={{ marginTop: 16, marginBottom: 0 }}>
          <Flex gap={12}>
            <Input value={documentUrl} onChange={(event) => setDocumentUrl(event.target.value)} placeholder={TEXT.documentUrlPlaceholder} aria-label={TEXT.documentUrl} />
            <Button icon={<LinkOutlined />} disabled={!documentUrl.trim()} loading={parse.isPending} onClick={runFetch}>
              {TEXT.fetchUrl}
            </Button>
          </Flex>
        </Form.Item>
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
              <Col xs={24} md={8}>
                <Form.Item label={TEXT.title}>
                  <Input
                    value={title}
                    maxLength={100}
                    onChange={(event) => setTitle(event.target.value)}
                    placeholder={preview.result.title || TEXT.titlePlaceholder}
                    aria-label={TEXT.title}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={16}>
                <Form.Item label={TEXT.serverUrl} extra={askServer ? TEXT.serverUrlHint : TEXT.serverUrlOptional} required={askServer}>
                  <Input
                    value={serverUrl}
                    onChange={(event) => setServerUrl(event.target.value)}
                    placeholder={preview.result.servers.find((server) => /^https?:\/\//i.test(server)) ?? 'https://api.example.com'}
                    aria-label={TEXT.serverUrl}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={16}>
                <Form.Item label={TOOL_FORM_TEXT.tags}>
                  <TagSelect tagType="tool" label={TOOL_FORM_TEXT.tags} placeholder={TOOL_FORM_TEXT.tagsPlaceholder} value={tags} onChange={setTags} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label={TOOL_FORM_TEXT.isPublic}>
                  <Switch checked={isPublic} onChange={setIsPublic} aria-label={TOOL_FORM_TEXT.isPublic} />
                </Form.Item>
              </Col>
            </Row>
          </Form>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {TEXT.authSection}
          </Typography.Title>
          {preview.result.auth.type === 'none' ? null : <Alert type="success" showIcon title={TEXT.authDetected(AUTH_TYPE_LABELS[preview.result.auth.type])} />}
          {preview.result.auth_notes.map((note) => (
            <Alert key={note} type="warning" showIcon title={note} />
          ))}
          <CredentialFields value={credential} onChange={setCredential} />
          <Flex gap={12}>
            <Button type="primary" disabled={selected.length === 0} loading={create.isPending} onClick={runImport}>
              {selected.length === 0 ? TEXT.noneSelected : TEXT.importButton(selected.length)}
            </Button>
            <Button onClick={() => navigate(TOOL_PATHS.list)}>{TOOL_FORM_TEXT.cancel}</Button>
          </Flex>
        </>
      ) : null}
    </Flex>
  );
}
