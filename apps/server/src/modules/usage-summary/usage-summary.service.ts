import { daysInPeriod, type UsageSummary, type UsageSummaryBody } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import * as repo from './usage-summary.repo.js';

const TOP_SUBJECTS = 20;
const TOP_SPENDERS = 10;
const TOP_REASONS = 20;

export type UsageSummaryService = ReturnType<typeof createUsageSummaryService>;

/** Every day of the period, in order (`YYYY-MM-DD`, UTC). */
function daysOf(period: repo.Period): string[] {
  const first = Date.parse(`${period.startDate}T00:00:00Z`);
  return Array.from({ length: daysInPeriod(period.startDate, period.endDate) }, (_, n) => new Date(first + n * 86_400_000).toISOString().slice(0, 10));
}

export function createUsageSummaryService({ db }: { db: Db }) {
  return {
    async summarize(body: UsageSummaryBody): Promise<UsageSummary> {
      const period = { startDate: body.start_date, endDate: body.end_date };
      const [users, active, subjects, messages, tokens, topUsers, topAgents, runs, reasons, knowledge] = await Promise.all([
        repo.countUsers(db, period),
        repo.countActiveUsers(db, period),
        repo.subjectsByConversations(db, period, TOP_SUBJECTS),
        repo.messagesPerDay(db, period),
        repo.tokensPerModelAndDay(db, period),
        repo.topUsersByTokens(db, period, TOP_SPENDERS),
        repo.topAgentsByTokens(db, period, TOP_SPENDERS),
        repo.countRuns(db, period),
        repo.failureReasons(db, period, TOP_REASONS),
        repo.knowledgeStorage(db, period),
      ]);
      return {
        start_date: body.start_date,
        end_date: body.end_date,
        users: { ...users, active },
        subjects,
        messages_per_day: daysOf(period).map((day) => ({ day, messages: messages.get(day) ?? 0 })),
        tokens_per_day: tokens,
        top_users: topUsers,
        top_agents: topAgents,
        runs: { ...runs, reasons },
        knowledge,
      };
    },
  };
}
