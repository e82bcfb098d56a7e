/**
 * The statements that fill a database with a year of history, generated in the database itself
 * (`insert … select … from generate_series`), so a million rows cost no round trips. Ids are derived
 * from numbers (`md5('c' || n)::uuid`), so rows find their parents without lookups.
 */
export interface HistorySize {
  users: number;
  conversations: number;
  messagesPerConversation: number;
  runs: number;
  eventsPerRun: number;
  usageRows: number;
  /** Files spread over the users' root folders. */
  rootFiles: number;
  /** Files in one folder (`/大文件夹`) of the first user. */
  folderFiles: number;
  jobs: number;
}

export const YEAR_FOR_1000_USERS: HistorySize = {
  users: 1000,
  conversations: 100_000,
  messagesPerConversation: 10,
  runs: 100_000,
  eventsPerRun: 12,
  usageRows: 1_000_000,
  rootFiles: 40_000,
  folderFiles: 10_000,
  jobs: 100_000,
};

export function scaled(size: HistorySize, factor: number): HistorySize {
  const n = (value: number) => Math.max(1, Math.round(value * factor));
  return {
    ...size,
    users: Math.max(10, n(size.users)),
    conversations: n(size.conversations),
    runs: n(size.runs),
    usageRows: n(size.usageRows),
    rootFiles: n(size.rootFiles),
    folderFiles: n(size.folderFiles),
    jobs: n(size.jobs),
  };
}

/** The seeded users are `seed0001` … with this password; the first is an administrator. */
export const SEED_PASSWORD = 'seed-password';
export const seedUserName = (n: number) => `seed${String(n).padStart(4, '0')}`;
export const SEED_MODEL = 'seed-model';
export const SEED_FOLDER = '大文件夹';

const id = (prefix: string, n: string) => `md5('${prefix}' || ${n})::uuid`;
/** A number in [0, 1) derived from `n`, the same on every database. */
const unit = (salt: string, n: string) => `(('x' || substr(md5('${salt}' || ${n}), 1, 7))::bit(28)::int / 268435456.0)`;
/**
 * The owner of the n-th row: skewed like real use (user 1 holds ~10% of everything, the first ten
 * ~21%), so the heaviest users have thousands of conversations.
 */
const owner = (users: number, salt: string, n: string) => `(1 + least(${users - 1}, floor(${users} * power(${unit(salt, n)}, 3))::int))`;
/** A moment within the last year, before the benchmark's own rows. */
const inLastYear = (salt: string, n: string) => `(now() - interval '1 hour' - ${unit(salt, n)} * interval '365 days')`;

export interface SeedStep {
  label: string;
  /** Rows the step writes (for the report). */
  rows: number;
  /** One or more statements, each run on its own over [from, to] ranges of `chunk` numbers. */
  statement: (from: number, to: number) => string;
  total: number;
  chunk: number;
}

export function historySteps(size: HistorySize, passwordHash: string): SeedStep[] {
  const { users, conversations, messagesPerConversation: perConversation, runs, eventsPerRun, usageRows, rootFiles, folderFiles, jobs } = size;
  const convOwner = (n: string) => owner(users, 'o', n);
  const convAt = (n: string) => inLastYear('t', n);
  const CHUNK = 50_000;
  const step = (label: string, total: number, rows: number, statement: SeedStep['statement'], chunk = CHUNK): SeedStep => ({ label, total, rows, statement, chunk });
  return [
    step(
      'users',
      users,
      users,
      (from, to) => `
      insert into users (id, user_name, nick_name, phone, password_hash, role, created_at, updated_at)
      select ${id('u', 'n')}, 'seed' || lpad(n::text, 4, '0'), '用户' || n, '138' || lpad(n::text, 8, '0'), '${passwordHash}',
        case when n = 1 then 'admin' else 'user' end, now() - interval '400 days', now() - interval '400 days'
      from generate_series(${from}, ${to}) n`,
    ),
    step(
      'conversations',
      conversations,
      conversations,
      (from, to) => `
      insert into conversations (id, owner_id, kind, subject, title, created_at, updated_at)
      select ${id('c', 'n')}, ${id('u', convOwner('n'))}, case when n % 10 < 7 then 'llm' else 'agent' end, '${SEED_MODEL}',
        '历史对话 ' || n, ${convAt('n')}, ${convAt('n')} + ${perConversation} * interval '1 minute'
      from generate_series(${from}, ${to}) n`,
    ),
    // Messages per conversation: questions and answers in turn; the last answer was written by the conversation's run.
    step(
      'messages',
      conversations,
      conversations * perConversation,
      (from, to) => `
      insert into messages (conversation_id, role, content, run_id, meta, created_at)
      select ${id('c', 'c')}, case when k % 2 = 1 then 'user' else 'assistant' end,
        case when k % 2 = 1 then '请介绍一下第' || c || '个问题的背景和要点' else repeat('这是一段历史回答，内容用于填充数据库。', 8) end,
        case when k = ${perConversation} and c <= ${runs} then ${id('r', 'c')} end, '{}'::jsonb, ${convAt('c')} + k * interval '1 minute'
      from generate_series(${from}, ${to}) c, generate_series(1, ${perConversation}) k`,
      Math.ceil(CHUNK / perConversation) * 2,
    ),
    step(
      'runs',
      runs,
      runs,
      (from, to) => `
      insert into runs (id, kind, owner_id, conversation_id, subject, status, input, error, created_at, updated_at)
      select ${id('r', 'n')}, case when n % 10 < 7 then 'llm' else 'agent' end, ${id('u', convOwner('n'))}, ${id('c', 'n')}, '${SEED_MODEL}',
        case when n % 50 = 0 then 'failed' when n % 97 = 0 then 'cancelled' else 'completed' end, '{}'::jsonb,
        case when n % 50 = 0 then '模型服务暂时不可用' end, ${convAt('n')} + interval '9 minutes', ${convAt('n')} + interval '10 minutes'
      from generate_series(${from}, ${to}) n`,
    ),
    // The event log as a turn writes it: run, deltas (an agent run's action and observation among them), usage, done.
    step(
      'run events',
      runs,
      runs * eventsPerRun,
      (from, to) => `
      insert into run_events (run_id, seq, type, data, created_at)
      select ${id('r', 'n')}, s,
        case when s = 1 then 'run' when s = ${eventsPerRun} then 'done' when s = ${eventsPerRun - 1} then 'usage'
          when n % 10 >= 7 and s = 2 then 'action' when n % 10 >= 7 and s = 3 then 'observation' else 'delta' end,
        case when s = 1 then jsonb_build_object('run_id', ${id('r', 'n')}, 'conversation_id', ${id('c', 'n')}, 'message_id', ${id('m', 'n')})
          when s = ${eventsPerRun} then jsonb_build_object('run_id', ${id('r', 'n')}, 'status', case when n % 50 = 0 then 'failed' when n % 97 = 0 then 'cancelled' else 'completed' end)
          when s = ${eventsPerRun - 1} then jsonb_build_object('prompt_tokens', 120, 'completion_tokens', 80)
          when n % 10 >= 7 and s = 2 then jsonb_build_object('step_id', ${id('s', "n || '-2'")}, 'tool', 'calculator', 'tool_call_id', 'call_' || n, 'input', jsonb_build_object('expression', '6*7'))
          when n % 10 >= 7 and s = 3 then jsonb_build_object('step_id', ${id('s', "n || '-3'")}, 'tool', 'calculator', 'output', '6*7 = 42')
          else jsonb_build_object('text', '这是一段历史回答，') end,
        ${convAt('n')} + interval '9 minutes'
      from generate_series(${from}, ${to}) n, generate_series(1, ${eventsPerRun}) s`,
      Math.ceil(CHUNK / eventsPerRun) * 2,
    ),
    // An agent run's steps: the model's call, the action and its observation.
    step(
      'run steps',
      runs,
      Math.round(runs * 0.3) * 3,
      (from, to) => `
      insert into run_steps (id, run_id, position, type, input, output, status, started_at, ended_at)
      select ${id('s', "n || '-' || p")}, ${id('r', 'n')}, p, case p when 1 then 'model' when 2 then 'action' else 'observation' end,
        case p when 2 then '{"tool":"calculator","input":{"expression":"6*7"}}'::jsonb else '{}'::jsonb end,
        case p when 3 then '{"output":"6*7 = 42"}'::jsonb else '{}'::jsonb end, 'done',
        ${convAt('n')} + interval '9 minutes', ${convAt('n')} + interval '9 minutes'
      from generate_series(${from}, ${to}) n, generate_series(1, 3) p where n % 10 >= 7`,
    ),
    step(
      'usage rows',
      usageRows,
      usageRows,
      (from, to) => `
      insert into usage_records (user_id, model, feature, prompt_tokens, completion_tokens, latency_ms, ok, created_at)
      select ${id('u', owner(users, 'uo', 'n'))}, case when n % 5 = 0 then 'seed-embedding' else '${SEED_MODEL}' end,
        case when n % 5 = 0 then 'embed' when n % 10 = 1 then 'agent' when n % 10 = 3 then 'title' else 'chat' end,
        (n % 900) + 50, case when n % 5 = 0 then 0 else (n % 400) + 20 end, (n % 2000) + 100, n % 100 <> 0, ${inLastYear('ut', 'n')}
      from generate_series(${from}, ${to}) n`,
    ),
    step(
      'folder',
      1,
      1,
      () => `
      insert into files (id, owner_id, tree, kind, parent_id, name, created_at, updated_at)
      values (${id('f', "'folder'")}, ${id('u', '1')}, 'private', 'folder', null, '${SEED_FOLDER}', now() - interval '300 days', now() - interval '300 days')`,
    ),
    step(
      'files in the folder',
      folderFiles,
      folderFiles,
      (from, to) => `
      insert into files (id, owner_id, tree, kind, parent_id, name, storage_key, size, mime, sha256, created_at, updated_at)
      select ${id('fd', 'n')}, ${id('u', '1')}, 'private', 'file', ${id('f', "'folder'")}, '资料-' || lpad(n::text, 5, '0') || '.txt',
        'files/seed-folder-' || n, 1024 + n % 4096, 'text/plain', md5('fd' || n) || md5('fd' || n), ${inLastYear('ft', 'n')}, ${inLastYear('ft', 'n')}
      from generate_series(${from}, ${to}) n`,
    ),
    step(
      'files in root folders',
      rootFiles,
      rootFiles,
      (from, to) => `
      insert into files (id, owner_id, tree, kind, parent_id, name, storage_key, size, mime, sha256, created_at, updated_at)
      select ${id('fr', 'n')}, ${id('u', owner(users, 'fo', 'n'))}, 'private', 'file', null, '文件-' || n || '.pdf',
        'files/seed-root-' || n, 10240 + n % 100000, 'application/pdf', md5('fr' || n) || md5('fr' || n), ${inLastYear('fr', 'n')}, ${inLastYear('fr', 'n')}
      from generate_series(${from}, ${to}) n`,
    ),
    // Finished background work (document ingestion); none left queued, so no server picks any up.
    step(
      'jobs',
      jobs,
      jobs,
      (from, to) => `
      insert into jobs (kind, owner_id, payload, status, attempts, progress, error, run_after, started_at, created_at, updated_at)
      select 'kb.ingest', ${id('u', owner(users, 'jo', 'n'))}, jsonb_build_object('docId', ${id('d', 'n')}),
        case when n % 25 = 0 then 'failed' when n % 101 = 0 then 'cancelled' else 'done' end, 1, 1,
        case when n % 25 = 0 then '文档解析失败' end, ${inLastYear('jt', 'n')}, ${inLastYear('jt', 'n')}, ${inLastYear('jt', 'n')}, ${inLastYear('jt', 'n')} + interval '1 minute'
      from generate_series(${from}, ${to}) n`,
    ),
  ];
}
