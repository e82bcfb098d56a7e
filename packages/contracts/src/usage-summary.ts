import { z } from 'zod';
import { daysInPeriod, SUMMARY_MAX_DAYS } from './usage-summary-values.js';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const summaryDay = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `请选择${label}` : `${label}必须是文本`) })
    .regex(DAY_PATTERN, `${label}格式应为 YYYY-MM-DD`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), `${label}不是有效日期`);

/**
 * A period of whole UTC days, both ends included: the usage roll-up sums per UTC day, so a summary
 * over raw and rolled-up rows counts the same calls whichever rows hold them.
 */
export const usageSummaryBody = z
  .object({ start_date: summaryDay('开始日期'), end_date: summaryDay('结束日期') })
  .refine((body) => body.start_date <= body.end_date, { message: '开始日期不能晚于结束日期', path: ['end_date'] })
  .refine((body) => daysInPeriod(body.start_date, body.end_date) <= SUMMARY_MAX_DAYS, { message: `统计区间不能超过 ${SUMMARY_MAX_DAYS} 天`, path: ['end_date'] });
export type UsageSummaryBody = z.infer<typeof usageSummaryBody>;

export interface SummaryUsers {
  /** Accounts that exist now. */
  total: number;
  /** Accounts created in the period. */
  new: number;
  /** Accounts with at least one model call in the period. */
  active: number;
}

/** An agent (its chats and plans together) or a multi-agent setup, by the conversations started with it. */
export interface SummarySubject {
  kind: 'agent' | 'ma';
  id: string;
  /** Empty when it has been deleted since. */
  name: string;
  conversations: number;
}

export interface SummaryDayMessages {
  day: string;
  messages: number;
}

export interface SummaryTokens {
  calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface SummaryModelDay extends SummaryTokens {
  day: string;
  model: string;
}

export interface SummaryTopUser extends SummaryTokens {
  /** Null for system work (connection tests). */
  user_id: string | null;
  /** Empty when the account has been deleted since. */
  user_name: string;
  nick_name: string;
}

export interface SummaryTopAgent extends SummaryTokens {
  agent_id: string;
  /** Empty when the agent has been deleted since. */
  name: string;
}

export interface SummaryFailureReason {
  reason: string;
  runs: number;
  last_at: string;
}

export interface SummaryRuns {
  total: number;
  failed: number;
  reasons: SummaryFailureReason[];
}

/** Stored knowledge now, whatever the period. */
export interface SummaryKnowledge {
  knowledge_bases: number;
  documents: number;
  /** Documents added in the period. */
  new_documents: number;
  failed_documents: number;
  document_bytes: number;
  files: number;
  /** Everything in the file manager: documents' files among them. */
  file_bytes: number;
}

export interface UsageSummary {
  start_date: string;
  end_date: string;
  users: SummaryUsers;
  /** The most used first, at most 20. */
  subjects: SummarySubject[];
  /** Every day of the period, days without messages as 0. */
  messages_per_day: SummaryDayMessages[];
  /** Per day and model, days without calls left out. */
  tokens_per_day: SummaryModelDay[];
  /** The 10 who used the most tokens. */
  top_users: SummaryTopUser[];
  /** The 10 agents whose runs used the most tokens. */
  top_agents: SummaryTopAgent[];
  runs: SummaryRuns;
  knowledge: SummaryKnowledge;
}
