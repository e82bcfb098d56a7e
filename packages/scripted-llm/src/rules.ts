import type { Endpoint, ScriptRule } from './types.js';

/** What a rule is matched against. */
export interface RuleQuery {
  endpoint: Endpoint;
  model: string;
  text: string;
  /** The system messages' text (chat only). */
  system: string;
  /** The last message is a tool result (chat only). */
  afterToolResult: boolean;
}

/** The rule that answers a request, and whether this time it answers with its error status. */
export interface RuleDecision {
  rule: ScriptRule | undefined;
  fail: boolean;
}

interface Entry {
  rule: ScriptRule;
  answered: number;
}

const matches = (rule: ScriptRule, query: RuleQuery) =>
  (rule.endpoint ?? 'chat') === query.endpoint &&
  (rule.model === undefined || rule.model === query.model) &&
  (rule.match === undefined || query.text.includes(rule.match)) &&
  (rule.system === undefined || query.system.includes(rule.system)) &&
  (rule.afterToolResult === undefined || rule.afterToolResult === query.afterToolResult);

/** Scripted rules, tried in order; counts what each has answered (for `times` and `failTimes`). */
export function createRuleBook(initial: ScriptRule[]) {
  let entries: Entry[] = [];
  const reset = () => {
    entries = initial.map((rule) => ({ rule, answered: 0 }));
  };
  reset();
  return {
    add(rules: ScriptRule[]) {
      entries.push(...rules.map((rule) => ({ rule, answered: 0 })));
    },
    /** Rules tried before all others (a browser test scripting the CLI server over HTTP). */
    addFirst(rules: ScriptRule[]) {
      entries.unshift(...rules.map((rule) => ({ rule, answered: 0 })));
    },
    reset,
    take(query: RuleQuery): RuleDecision {
      const entry = entries.find((candidate) => matches(candidate.rule, query));
      if (!entry) return { rule: undefined, fail: false };
      const { rule } = entry;
      const fail = rule.status !== undefined && (rule.failTimes === undefined || entry.answered < rule.failTimes);
      entry.answered += 1;
      if (rule.times !== undefined && entry.answered >= rule.times) entries.splice(entries.indexOf(entry), 1);
      return { rule, fail };
    },
  };
}

export type RuleBook = ReturnType<typeof createRuleBook>;
