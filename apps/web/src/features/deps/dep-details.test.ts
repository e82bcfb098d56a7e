import { describe, expect, it } from 'vitest';
import { detailLines, formatDuration } from './dep-details';

describe('detailLines', () => {
  it('labels each fact in Chinese and makes its value readable', () => {
    const lines = detailLines({ dialect: 'postgres', type: 'embedding', free_bytes: 1536, uptime_seconds: 90_061, pgvector: false, oldest_waiting_seconds: null, custom: 'x' });
    expect(lines.map((line) => `${line.label}=${line.value}`)).toEqual([
      '类型=PostgreSQL',
      '模型类型=向量',
      '可用空间=1.5 KB',
      '已运行=1 天 1 小时',
      'pgvector 扩展=否',
      '最早排队已等待=—',
      'custom=x',
    ]);
  });

  it('keeps two units of a duration, and says 0 秒 for none', () => {
    expect(formatDuration(0)).toBe('0 秒');
    expect(formatDuration(59)).toBe('59 秒');
    expect(formatDuration(3_725)).toBe('1 小时 2 分钟');
  });
});
