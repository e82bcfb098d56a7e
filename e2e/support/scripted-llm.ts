import type { ScriptRule } from '@agent-platform/scripted-llm';
import { SCRIPTED_LLM_PORT } from './constants';

/** Adds rules to the suite's scripted model server, tried before its demo rules (`--remote-script`). */
export async function scriptLlm(...rules: ScriptRule[]): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${SCRIPTED_LLM_PORT}/__script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(rules),
  });
  if (!response.ok) throw new Error(`scripting the model server failed: ${response.status}`);
}
