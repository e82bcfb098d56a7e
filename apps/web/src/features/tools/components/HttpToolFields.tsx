import { TOOL_AUTH_TYPES, TOOL_HTTP_METHODS, TOOL_PARAM_LOCATIONS } from '@agent-platform/contracts';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Flex, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { AUTH_TYPE_LABELS, HTTP_PARAM_LOCATION_LABELS, TOOL_FORM_TEXT as TEXT } from '../constants';
import { parseInputSchema, type ToolFormValues } from '../tool-form';
import { JsonEditor } from './JsonEditor';
import { KeyValueFields } from './KeyValueFields';
import { ProviderLink } from './ProviderLink';

const METHOD_OPTIONS = TOOL_HTTP_METHODS.map((method) => ({ value: method, label: method }));
const LOCATION_OPTIONS = TOOL_PARAM_LOCATIONS.map((location) => ({ value: location, label: HTTP_PARAM_LOCATION_LABELS[location] }));
const AUTH_OPTIONS = TOOL_AUTH_TYPES.map((type) => ({ value: type, label: AUTH_TYPE_LABELS[type] }));
const secretRules = [{ required: true, message: TEXT.secretRequired }];

function AuthFields({ editing }: { editing: boolean }) {
  const type = Form.useWatch<ToolFormValues['auth_type']>('auth_type');
  const extra = editing ? TEXT.secretKept : undefined;
  return (
    <>
      <Form.Item<ToolFormValues> name="auth_type" label={TEXT.auth}>
        <Radio.Group options={AUTH_OPTIONS} optionType="button" />
      </Form.Item>
      {type === 'api_key' ? (
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item<ToolFormValues> name="api_key_in" label={TEXT.apiKeyIn}>
              <Select
                options={[
                  { value: 'header', label: '请求头' },
                  { value: 'query', label: '查询参数' },
                ]}
                aria-label={TEXT.apiKeyIn}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item<ToolFormValues> name="api_key_name" label={TEXT.apiKeyName} rules={[{ required: true, whitespace: true, message: '请输入 API Key 参数名' }]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item<ToolFormValues> name="api_key_value" label={TEXT.apiKeyValue} extra={extra} rules={secretRules}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      {type === 'bearer' ? (
        <Form.Item<ToolFormValues> name="bearer_token" label={TEXT.bearerToken} extra={extra} rules={secretRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      ) : null}
      {type === 'basic' ? (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item<ToolFormValues> name="basic_username" label={TEXT.username} rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item<ToolFormValues> name="basic_password" label={TEXT.password} extra={extra} rules={secretRules}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
    </>
  );
}

function ParamMapping() {
  return (
    <Form.List name="params">
      {(fields, { add, remove }) => (
        <Flex vertical gap={8}>
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} align="flex-start">
              <Form.Item name={[field.name, 'name']} style={{ flex: 2, marginBottom: 0 }} rules={[{ required: true, whitespace: true, message: '请输入输入参数名' }]}>
                <Input placeholder={TEXT.paramName} aria-label={`${TEXT.paramName} ${index + 1}`} />
              </Form.Item>
              <Form.Item name={[field.name, 'location']} style={{ flex: 2, marginBottom: 0 }}>
                <Select options={LOCATION_OPTIONS} aria-label={`${TEXT.paramLocation} ${index + 1}`} />
              </Form.Item>
              <Button type="text" icon={<DeleteOutlined />} aria-label={`删除第 ${index + 1} 个映射`} onClick={() => remove(field.name)} />
            </Flex>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', location: 'query' })} style={{ alignSelf: 'flex-start' }}>
            {TEXT.addParam}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

/**
 * An API tool described by hand: the endpoint, its headers, where each input goes, auth, timeout, input
 * schema. An operation of a tool set takes the set's auth instead: the form links there.
 */
export function HttpToolFields({ editing, provider }: { editing: boolean; provider: { id: string; title: string } | null }) {
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={5}>
          <Form.Item<ToolFormValues> name="method" label={TEXT.method}>
            <Select options={METHOD_OPTIONS} aria-label={TEXT.method} />
          </Form.Item>
        </Col>
        <Col xs={24} md={19}>
          <Form.Item<ToolFormValues>
            name="url"
            label={TEXT.url}
            extra={TEXT.urlHint}
            rules={[
              { required: true, whitespace: true, message: TEXT.urlRequired },
              { pattern: /^https?:\/\//i, message: TEXT.urlPattern },
            ]}
          >
            <Input placeholder="https://api.example.com/v1/items/{id}" maxLength={2000} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={TEXT.headers}>
        <KeyValueFields name="headers" addLabel={TEXT.addHeader} keyLabel={TEXT.headerName} valueLabel={TEXT.headerValue} />
      </Form.Item>
      <Form.Item
        name="input_schema"
        label={TEXT.inputSchema}
        extra={TEXT.inputSchemaHint}
        rules={[{ validator: (_rule, value: string) => (parseInputSchema(value ?? '') ? Promise.resolve() : Promise.reject(new Error(TEXT.inputSchemaInvalid))) }]}
      >
        <JsonEditor label={TEXT.inputSchema} formatLabel={TEXT.formatJson} minRows={8} />
      </Form.Item>
      <Form.Item label={TEXT.params} extra={TEXT.paramsHint}>
        <ParamMapping />
      </Form.Item>
      {provider ? (
        <Form.Item label={TEXT.auth}>
          <Alert type="info" showIcon title={TEXT.authOfProvider} description={<ProviderLink provider={provider} />} />
        </Form.Item>
      ) : (
        <AuthFields editing={editing} />
      )}
      <Form.Item<ToolFormValues> name="timeout_ms" label={TEXT.timeout} rules={[{ required: true, message: '请输入超时' }]}>
        <InputNumber min={1000} max={120000} step={1000} style={{ width: 200 }} aria-label={TEXT.timeout} />
      </Form.Item>
    </>
  );
}
