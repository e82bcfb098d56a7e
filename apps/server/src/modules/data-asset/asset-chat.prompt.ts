import type { DbType, VerifiedQuery } from '@agent-platform/contracts';
import type { ChatMessage } from '../../platform/llm/index.js';

const DIALECT_NAMES: Record<DbType, string> = { mysql: 'MySQL / MariaDB', postgresql: 'PostgreSQL' };
/** Rows of the result the answering model reads. */
const ROWS_SHOWN = 30;

/** What the model writing SQL is told: the dialect, the rules, the tables with their notes, verified examples. */
export function sqlSystemPrompt(dialect: DbType, structure: string, examples: VerifiedQuery[], description: string): string {
  const shown = examples.map((example) => `问题：${example.question}\nSQL：${example.sql}`).join('\n\n');
  return [
    `你是数据分析助手，根据用户的问题为 ${DIALECT_NAMES[dialect]} 数据库写出一条只读查询 SQL。`,
    '规则：只写一条 SELECT（可以用 WITH）；只用下面列出的表和列；不要修改数据；结果行数多时加 LIMIT；只输出 SQL，放在 ```sql 代码块中。',
    description ? `数据说明：${description}` : '',
    `可用的表：\n${structure}`,
    shown ? `已验证的示例：\n${shown}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

export const sqlQuestion = (question: string) => `请为这个问题写出一条 SQL：${question}`;

export const sqlCorrection = (reason: string) => `这条 SQL 执行失败：${reason}。请改正后重新写出一条 SQL。`;

/** The SQL in the model's answer: a ```sql block, any code block, or the whole text. */
export function sqlFromAnswer(text: string): string {
  const fenced = /```(?:sql)?\s*([\s\S]*?)```/i.exec(text);
  return (fenced?.[1] ?? text).trim();
}

/** The answering model's messages: the question, the SQL that ran and the first rows. */
export function answerMessages(question: string, sql: string, columns: string[], rows: unknown[][], truncated: boolean): ChatMessage[] {
  const table = [columns.join(' | '), ...rows.slice(0, ROWS_SHOWN).map((row) => row.map((cell) => (cell === null ? '' : String(cell))).join(' | '))].join('\n');
  const more = rows.length > ROWS_SHOWN || truncated ? `\n（共 ${rows.length}${truncated ? '+' : ''} 行，只列出前 ${Math.min(ROWS_SHOWN, rows.length)} 行）` : '';
  return [
    { role: 'system', content: '你是数据分析助手。请根据查询结果，用中文简短回答用户的问题（两三句话），给出关键数字，不要编造结果中没有的数据。' },
    { role: 'user', content: `问题：${question}\n执行的 SQL：\n${sql}\n查询结果：\n${table}${more}\n请根据查询结果用中文简短回答。` },
  ];
}
