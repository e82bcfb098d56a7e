import { AGENT_LIMITS } from '@agent-platform/contracts';
import { EditOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Switch } from 'antd';
import { useState } from 'react';
import type { AgentFormValues } from '../agent-form';
import { AGENT_FORM_TEXT as TEXT } from '../constants';
import { PromptWriterModal } from './PromptWriterModal';
import { Section } from './Section';

/** 提示词 with 「AI 帮写」. */
export function PromptSection() {
  const form = Form.useFormInstance<AgentFormValues>();
  const [writing, setWriting] = useState(false);
  const prompt = Form.useWatch('system_prompt', form) ?? '';
  return (
    <Section
      title={TEXT.promptSection}
      extra={
        <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setWriting(true)}>
          {TEXT.writePrompt}
        </Button>
      }
    >
      <Form.Item<AgentFormValues> name="system_prompt" label={TEXT.systemPrompt} rules={[{ max: 20_000, message: '系统提示词不能超过 20000 个字符' }]}>
        <Input.TextArea placeholder={TEXT.systemPromptPlaceholder} autoSize={{ minRows: 6, maxRows: 18 }} maxLength={20_000} showCount />
      </Form.Item>
      <Form.Item<AgentFormValues> name="prompt_shared" label={TEXT.promptShared} tooltip={TEXT.promptSharedHint} valuePropName="checked">
        <Switch />
      </Form.Item>
      <PromptWriterModal
        open={writing}
        initialDescription={(form.getFieldValue('description') as string | undefined) ?? ''}
        llmName={form.getFieldValue('llm_name') as string | undefined}
        replaces={prompt.trim() !== ''}
        onClose={() => setWriting(false)}
        onWritten={(next) => form.setFieldValue('system_prompt', next)}
      />
    </Section>
  );
}

/** 开场白 and up to six 推荐问题 shown before the first question. */
export function OpeningSection() {
  return (
    <Section title={TEXT.openingSection}>
      <Form.Item<AgentFormValues> name="opening_message" label={TEXT.openingMessage}>
        <Input.TextArea placeholder={TEXT.openingMessagePlaceholder} autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
      </Form.Item>
      <Form.Item label={TEXT.suggestedQuestions} style={{ marginBottom: 0 }}>
        <Form.List name="suggested_questions">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="flex-start">
                  <Form.Item name={field.name} rules={[{ required: true, whitespace: true, message: TEXT.suggestedQuestionRequired }, { max: 200 }]} style={{ flex: 1, marginBottom: 0 }}>
                    <Input placeholder={TEXT.suggestedQuestionPlaceholder} maxLength={200} aria-label={`${TEXT.suggestedQuestions} ${index + 1}`} />
                  </Form.Item>
                  <Button type="text" icon={<MinusCircleOutlined />} aria-label={TEXT.removeQuestion} title={TEXT.removeQuestion} onClick={() => remove(field.name)} />
                </Flex>
              ))}
              {fields.length < AGENT_LIMITS.suggested_questions ? (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} block>
                  {TEXT.addQuestion}
                </Button>
              ) : null}
            </Flex>
          )}
        </Form.List>
      </Form.Item>
    </Section>
  );
}
