import type { ChatMessage, ChatRequest, FinishReason, ModelEndpoint, ToolCall } from './types.js';

/** Our messages in the OpenAI chat-completions shape every compatible provider accepts. */
function toWireMessage(message: ChatMessage): Record<string, unknown> {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      if (typeof message.content === 'string') return { role: 'user', content: message.content };
      return {
        role: 'user',
        content: message.content.map((part) => (part.type === 'text' ? { type: 'text', text: part.text } : { type: 'image_url', image_url: { url: part.url } })),
      };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content || null,
        ...(message.toolCalls?.length
          ? { tool_calls: message.toolCalls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.input ?? {}) } })) }
          : {}),
      };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
}

function toWireToolChoice(choice: ChatRequest['toolChoice']) {
  if (choice === undefined || typeof choice === 'string') return choice;
  return { type: 'function', function: { name: choice.toolName } };
}

/** The body of `POST {baseUrl}/chat/completions` for a streamed answer with usage at the end. */
export function streamedChatBody(endpoint: ModelEndpoint, request: ChatRequest): string {
  const tools = request.tools?.length
    ? request.tools.map((spec) => ({ type: 'function', function: { name: spec.name, description: spec.description, parameters: spec.inputSchema } }))
    : undefined;
  return JSON.stringify({
    model: endpoint.upstreamModel,
    messages: request.messages.map(toWireMessage),
    tools,
    tool_choice: tools ? toWireToolChoice(request.toolChoice) : undefined,
    temperature: request.temperature ?? endpoint.temperature ?? undefined,
    top_p: request.topP ?? endpoint.topP ?? undefined,
    max_tokens: request.maxTokens ?? endpoint.maxTokens ?? undefined,
    stop: request.stop,
    stream: true,
    stream_options: { include_usage: true },
  });
}

const FINISH_REASONS: Record<string, FinishReason> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
  content_filter: 'content-filter',
};
export const finishReasonOf = (reason: string): FinishReason => FINISH_REASONS[reason] ?? 'other';

/** Tool-call pieces arrive by index: the id and name first, the JSON arguments in fragments. */
export class ToolCallAssembler {
  private readonly calls = new Map<number, { id: string; name: string; args: string }>();

  add(pieces: unknown): void {
    if (!Array.isArray(pieces)) return;
    for (const piece of pieces as Array<{ index?: number; id?: string; function?: { name?: string; arguments?: string } }>) {
      const index = typeof piece.index === 'number' ? piece.index : this.calls.size;
      const call = this.calls.get(index) ?? { id: '', name: '', args: '' };
      if (piece.id) call.id = piece.id;
      if (piece.function?.name) call.name += piece.function.name;
      if (typeof piece.function?.arguments === 'string') call.args += piece.function.arguments;
      this.calls.set(index, call);
    }
  }

  /** The finished calls; arguments that do not parse, or an unknown tool, mark the call invalid. */
  finish(knownTools: ReadonlySet<string>): ToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => {
        let input: unknown = call.args;
        let parsed = true;
        try {
          input = call.args.trim() === '' ? {} : JSON.parse(call.args);
        } catch {
          parsed = false;
        }
        const valid = parsed && knownTools.has(call.name);
        return { id: call.id || `call_${index}`, name: call.name, input, ...(valid ? {} : { invalid: true }) };
      });
  }
}
