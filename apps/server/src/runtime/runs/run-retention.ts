import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../platform/db/index.js';

const ENDED = sql`('completed', 'finished', 'failed', 'cancelled')`;

/**
 * Moves the event logs of up to `batch` runs that ended more than `olderThanMs` ago out of `run_events`
 * into one `run_event_archives` row each (an empty list for a run that logged nothing), oldest ending
 * first, going on after the last run archived (ended at the same moment: by id). An ended run's log no longer changes: its
 * answer and usage were stored with its ending. Rows locked by another process doing the same are
 * skipped; a run archived twice appends nothing. Answers how many runs were archived.
 */
export async function archiveEndedRunEvents(db: Db, olderThanMs: number, batch: number): Promise<number> {
  const resultRows = await selectRows<unknown>(
    db,
    sql`
    with last as (
      select run_ended_at, run_id from (
        (select run_ended_at, run_id from run_event_archives order by run_ended_at desc, run_id desc limit 1)
        union all select '-infinity'::timestamptz, '00000000-0000-0000-0000-000000000000'::uuid
      ) candidates order by run_ended_at desc limit 1
    ), picked as (
      select r.id, r.updated_at from runs r
      where r.status in ${ENDED} and r.updated_at < now() - ${Math.round(olderThanMs)}::integer * interval '1 millisecond'
        and (r.updated_at, r.id) > ((select run_ended_at from last), (select run_id from last))
      order by r.updated_at, r.id
      limit ${batch}
      for update of r skip locked
    ), moved as (
      delete from run_events e where e.run_id = any(array(select id from picked))
      returning e.run_id, e.seq, e.type, e.data
    ), logs as (
      select run_id, jsonb_agg(jsonb_build_array(seq, type, data) order by seq) as events from moved group by run_id
    )
    insert into run_event_archives (run_id, events, run_ended_at)
    select p.id, coalesce(l.events, '[]'::jsonb), p.updated_at from picked p left join logs l on l.run_id = p.id
    on conflict (run_id) do update set events = run_event_archives.events || excluded.events
    returning run_id`,
  );
  return resultRows.length;
}
