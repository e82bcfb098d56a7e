import { jsonSchema, tool, type ModelMessage, type ToolSet } from 'ai';
import type { ChatMessage, ToolCall, ToolSpec } from './types.js';

/** Our message shape → the AI SDK's. Images travel as URLs; the gateway never downloads them itself. */
export function toModelMessages(messages: ChatMessage[]): ModelMessage[] {
  return messages.map((message): ModelMessage => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.content };
      case 'user':
        if (typeof message.content === 'string') return { role: 'user', content: message.content };
        return {
          role: 'user',
          content: message.content.map((part) => (part.type === 'text' ? { type: 'text', text: part.text } : { type: 'image', image: new URL(part.url) })),
        };
      case 'assistant':
        return {
          role: 'assistant',
          content: [
            ...(message.content ? [{ type: 'text' as const, text: message.content }] : []),
            ...(message.toolCalls ?? []).map((call) => ({ type: 'tool-call' as const, toolCallId: call.id, toolName: call.name, input: call.input })),
          ],
        };
      case 'tool':
        return {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: message.toolCallId,
              toolName: message.toolName,
              output: message.isError ? { type: 'error-text', value: message.content } : { type: 'text', value: message.content },
            },
          ],
        };
    }
  });
}

/** Tools without `execute`: the SDK returns the calls the model proposes and runs nothing. */
export function toToolSet(tools: ToolSpec[] | undefined): ToolSet | undefined {
  if (!tools || tools.length === 0) return undefined;
  return Object.fromEntries(tools.map((spec) => [spec.name, tool({ description: spec.description, inputSchema: jsonSchema(spec.inputSchema as Parameters<typeof jsonSchema>[0]) })]));
}

export function toToolChoice(choice: 'auto' | 'none' | 'required' | { toolName: string } | undefined) {
  if (choice === undefined || typeof choice === 'string') return choice;
  return { type: 'tool' as const, toolName: choice.toolName };
}

interface SdkToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
  invalid?: boolean;
}

export function fromSdkToolCall(call: SdkToolCall): ToolCall {
  return { id: call.toolCallId, name: call.toolName, input: call.input, ...(call.invalid ? { invalid: true } : {}) };
}
