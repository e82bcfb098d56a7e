import { z } from 'zod';
import { defineTool, ToolFailure } from '../tool.js';

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/** The wall-clock parts of `date` in `timeZone` (Intl does the zone arithmetic). */
function partsIn(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    weekday: 'short',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { year: get('year'), month: get('month'), day: get('day'), time: `${get('hour')}:${get('minute')}:${get('second')}`, weekday };
}

export const currentTimeTool = defineTool({
  name: 'current_time',
  title: '当前时间',
  description: '查询当前日期、星期和时间。默认北京时间（Asia/Shanghai），也可指定 IANA 时区。',
  input: z.object({ timezone: z.string().max(64).optional().describe('IANA 时区，例如 Asia/Shanghai、America/New_York') }),
  timeoutMs: 1_000,
  async execute({ timezone = 'Asia/Shanghai' }) {
    const now = new Date();
    let parts: ReturnType<typeof partsIn>;
    try {
      parts = partsIn(now, timezone);
    } catch {
      throw new ToolFailure(`不认识的时区「${timezone}」，请使用 IANA 时区名，例如 Asia/Shanghai`);
    }
    const text = `${parts.year}年${parts.month}月${parts.day}日 ${WEEKDAYS[parts.weekday]} ${parts.time}（${timezone}）`;
    return { output: text, data: { iso: now.toISOString(), timezone } };
  },
});
