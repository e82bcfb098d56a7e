// A scripted OpenAI-compatible model server for browser tests and benchmarks:
//   node --import tsx packages/scripted-llm/src/cli.ts --port 18080 [--script rules.json] [--no-demo] [--remote-script]
// `--script` adds rules (a JSON array of ScriptRule) before the built-in demo rules; `--remote-script`
// lets tests add rules at run time with `POST /__script`.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { DEMO_RULES } from './demo-rules.js';
import { startScriptedLlm } from './server.js';
import type { ScriptRule } from './types.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    script: { type: 'string' },
    'no-demo': { type: 'boolean', default: false },
    'remote-script': { type: 'boolean', default: false },
    dimensions: { type: 'string', default: '64' },
  },
});

const extra: ScriptRule[] = values.script ? (JSON.parse(fs.readFileSync(values.script, 'utf8')) as ScriptRule[]) : [];
const llm = await startScriptedLlm({
  port: Number(values.port),
  host: values.host,
  embeddingDimensions: Number(values.dimensions),
  rules: [...extra, ...(values['no-demo'] ? [] : DEMO_RULES)],
  remoteScript: values['remote-script'],
});
console.log(`scripted-llm listening on ${llm.url}`);

const stop = () => {
  llm.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
