import type { KnowledgeBase } from '@agent-platform/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { knowledgeBaseFixture } from '../kb.fixture';
import { KbHeader } from './KbHeader';

const kb = (change: Partial<KnowledgeBase>) => knowledgeBaseFixture({ embedding_model: 'bge-m3', ...change });

const renderHeader = (value: KnowledgeBase) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <KbHeader kb={value} onEdit={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('KbHeader', () => {
  it('says how many segments’ vectors still wait for the vector index', () => {
    renderHeader(kb({ vector_pending: 12_345 }));
    expect(screen.getByText(/12,345 个分段的向量正在后台加入向量索引/)).toBeTruthy();
  });

  it('says nothing of the vector index once every vector is in it', () => {
    renderHeader(kb({ vector_pending: 0 }));
    expect(screen.queryByText(/向量索引/)).toBeNull();
  });

  it('says the full-text index is being rebuilt after an upgrade, instead of asking for a re-index', () => {
    renderHeader(kb({ fulltext_pending: 2_048, needs_reindex: true }));
    expect(screen.getByText(/全文索引正在后台重建：还有 2,048 个分段/)).toBeTruthy();
    expect(screen.queryByText(/重建索引后才会对已有文档生效/)).toBeNull();
  });

  it('asks for a re-index once nothing waits for the rebuild', () => {
    renderHeader(kb({ fulltext_pending: 0, needs_reindex: true }));
    expect(screen.getByText(/重建索引后才会对已有文档生效/)).toBeTruthy();
    expect(screen.queryByText(/全文索引正在后台重建/)).toBeNull();
  });
});
