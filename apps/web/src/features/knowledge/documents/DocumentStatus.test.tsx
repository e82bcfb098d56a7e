import type { KbDocument } from '@agent-platform/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DocumentStatus } from './DocumentStatus';

const doc = (change: Partial<KbDocument>): KbDocument => ({
  id: 'd1',
  kb_id: 'k1',
  file_id: 'f1',
  name: '手册.pdf',
  size: 10,
  status: 'done',
  progress: 1,
  status_text: null,
  segment_count: 3,
  created_at: '',
  updated_at: '',
  ...change,
});

describe('DocumentStatus', () => {
  it('shows a live progress bar while a document is being indexed', () => {
    render(<DocumentStatus doc={doc({ status: 'indexing', progress: 0.42, status_text: '正在生成向量' })} />);
    expect(screen.getByTestId('doc-status').textContent).toBe('索引中');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('正在生成向量')).toBeTruthy();
  });

  it('shows no progress once done', () => {
    render(<DocumentStatus doc={doc({})} />);
    expect(screen.getByTestId('doc-status').textContent).toBe('已完成');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('gives the Chinese reason of a failure in a tooltip', async () => {
    render(<DocumentStatus doc={doc({ status: 'failed', progress: 0, status_text: '文件已加密，无法解析' })} />);
    const tag = screen.getByTestId('doc-status');
    expect(tag.textContent).toBe('失败');
    fireEvent.mouseEnter(tag);
    expect(await screen.findByText('失败原因：文件已加密，无法解析')).toBeTruthy();
  });
});
