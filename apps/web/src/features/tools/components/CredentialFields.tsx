import { TOOL_AUTH_TYPES, TOOL_CREDENTIAL_MODE_LABELS, TOOL_CREDENTIAL_MODES } from '@agent-platform/contracts';
import { Col, Form, Input, Radio, Row, Select } from 'antd';
import { AUTH_TYPE_LABELS, CREDENTIAL_TEXT as TEXT } from '../constants';
import type { CredentialDraft } from '../provider-form';

const AUTH_OPTIONS = TOOL_AUTH_TYPES.map((type) => ({ value: type, label: AUTH_TYPE_LABELS[type] }));
const MODE_OPTIONS = TOOL_CREDENTIAL_MODES.map((mode) => ({ value: mode, label: TOOL_CREDENTIAL_MODE_LABELS[mode] }));
const LOCATION_OPTIONS = (['header', 'query'] as const).map((location) => ({ value: location, label: TEXT.locations[location] }));

interface CredentialFieldsProps {
  value: CredentialDraft;
  onChange: (value: CredentialDraft) => void;
  /** A stored secret is shown masked: saying so. */
  editing?: boolean;
  disabled?: boolean;
}

/** A tool set's scheme, whose secret it calls with, and (for a shared one) the secret itself. */
export function CredentialFields({ value, onChange, editing = false, disabled = false }: CredentialFieldsProps) {
  const set = (changes: Partial<CredentialDraft>) => onChange({ ...value, ...changes });
  const perUser = value.mode === 'per_user';
  // The owner of a per-user set may give their own secret at import; after that it is the 我的凭据 card's.
  const asksSecret = value.type !== 'none' && (!perUser || !editing);
  return (
    <Form layout="vertical" component="div" disabled={disabled}>
      <Form.Item label={TEXT.auth}>
        <Radio.Group options={AUTH_OPTIONS} optionType="button" value={value.type} onChange={(event) => set({ type: event.target.value as CredentialDraft['type'] })} />
      </Form.Item>
      {value.type === 'api_key' ? (
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label={TEXT.apiKeyIn}>
              <Select options={LOCATION_OPTIONS} value={value.in} onChange={(location) => set({ in: location })} aria-label={TEXT.apiKeyIn} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item label={TEXT.apiKeyName} required>
              <Input value={value.name} maxLength={100} onChange={(event) => set({ name: event.target.value })} aria-label={TEXT.apiKeyName} />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      {value.type === 'none' ? null : (
        <Form.Item label={TEXT.mode} extra={perUser ? TEXT.perUserHint : TEXT.sharedHint}>
          <Radio.Group options={MODE_OPTIONS} value={value.mode} onChange={(event) => set({ mode: event.target.value as CredentialDraft['mode'] })} />
        </Form.Item>
      )}
      {asksSecret ? <SecretFields value={value} onChange={set} hint={perUser ? TEXT.perUserOwnHint : editing ? TEXT.secretKept : undefined} /> : null}
    </Form>
  );
}

/** Username (basic only) and the secret, labelled by the scheme. */
export function SecretFields({
  value,
  onChange,
  hint,
}: {
  value: Pick<CredentialDraft, 'type' | 'username' | 'secret'>;
  onChange: (changes: Partial<CredentialDraft>) => void;
  hint?: string;
}) {
  const label = TEXT.secretLabel[value.type];
  return (
    <Row gutter={16}>
      {value.type === 'basic' ? (
        <Col xs={24} md={10}>
          <Form.Item label={TEXT.username}>
            <Input value={value.username} autoComplete="off" onChange={(event) => onChange({ username: event.target.value })} aria-label={TEXT.username} />
          </Form.Item>
        </Col>
      ) : null}
      <Col xs={24} md={value.type === 'basic' ? 14 : 24}>
        <Form.Item label={label} extra={hint}>
          <Input.Password value={value.secret} autoComplete="new-password" onChange={(event) => onChange({ secret: event.target.value })} aria-label={label} />
        </Form.Item>
      </Col>
    </Row>
  );
}
