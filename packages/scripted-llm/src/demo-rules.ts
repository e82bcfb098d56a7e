import type { ScriptRule } from './types.js';

const LONG_ANSWER = Array.from({ length: 20 }, (_, index) => `这是一段较长回答的第 ${index + 1} 句。`);

/**
 * The CLI's built-in script, for browser tests and benchmarks: a few recognisable questions get
 * recognisable answers; anything else is echoed (`收到：…`).
 */
export const DEMO_RULES: ScriptRule[] = [
  // The platform's follow-up question generator asks for "三个推荐问题".
  { match: '三个推荐问题', text: '["这个功能怎么用？","有没有相关的示例？","还有哪些需要注意的地方？"]' },
  { match: '天气', afterToolResult: false, toolCalls: [{ name: 'get_weather', arguments: { city: '北京' } }] },
  { match: '天气', afterToolResult: true, text: '根据查询结果，北京今天晴，气温 25 度。' },
  { match: '思考', reasoning: '先想一想：用户希望看到推理的过程，再给出结论。', text: '这是经过思考之后的回答。' },
  { match: '长回答', chunks: LONG_ANSWER, chunkDelayMs: 150 },
  { match: 'markdown', text: '## 标题\n\n- 第一项\n- 第二项\n\n```ts\nconst answer = 42;\n```\n\n| 列 A | 列 B |\n| --- | --- |\n| 1 | 2 |' },
  { match: '注入测试', text: '<img src=x onerror="alert(1)"> [点我](javascript:alert(1)) <script>alert(2)</script>' },
  { match: '出错', status: 500, errorMessage: 'scripted upstream failure' },
  // Knowledge-base chat: an answer citing the numbered sources it was given.
  { match: '年假', text: '根据员工手册，员工入职满一年后每年享有 5 天带薪年假[1]，需要提前三个工作日在系统中申请[1][2]。' },
];
