import type { ScriptRule } from './types.js';

// Twelve seconds of writing: long enough for a browser test on a busy machine to stop it half-way.
const LONG_ANSWER = Array.from({ length: 80 }, (_, index) => `这是一段较长回答的第 ${index + 1} 句。`);

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
  // Agents: the builder's "AI 帮写" buttons, a tool call and its answer, and plan chat.
  { match: '请为这个智能体写一段介绍', text: '这是一个乐于助人的智能体，能够调用工具完成计算与查询，并用简洁的中文回答问题。' },
  { match: '请为这个智能体撰写系统提示词', text: '你是一名专业、耐心的助手。回答前先弄清用户的需求；需要计算或查询时调用合适的工具；回答使用简洁的中文。' },
  { match: '计算', afterToolResult: false, toolCalls: [{ name: 'calculator', arguments: { expression: '(3+4)*6' } }] },
  { match: '计算', afterToolResult: true, text: '计算完成：(3+4)×6 的结果是 42。' },
  {
    match: '请根据反馈修改计划',
    text: '{"steps":[{"title":"明确目标","detail":"按反馈重新确认要做什么"},{"title":"计算数据","detail":"用计算器得到结果"},{"title":"整理结论","detail":"写成简短的报告"}]}',
  },
  { match: '请为以下任务制定执行计划', text: '{"steps":[{"title":"收集信息","detail":"弄清任务需要的数据"},{"title":"整理结论","detail":"写成简短的报告"}]}' },
  // Knowledge-base chat: an answer citing the numbered sources it was given.
  { match: '年假', text: '根据员工手册，员工入职满一年后每年享有 5 天带薪年假[1]，需要提前三个工作日在系统中申请[1][2]。' },
];
