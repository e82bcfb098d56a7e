import type { KnowledgeBase, ListKbsBody } from '@agent-platform/contracts';
import { TagSelect } from '../../tags';
import { CardGrid } from '../../../components/CardGrid';
import { ListToolbar } from '../../../components/ListToolbar';
import { usePagedQuery } from '../../../lib/use-paged-query';
import type { KbScope } from '../api';
import { KB_LIST_TEXT as TEXT } from '../constants';
import { useKbs } from '../queries';
import { KbCard } from './KbCard';

interface KbGridProps {
  scope: KbScope;
  onEdit: (kb: KnowledgeBase) => void;
}

/** The knowledge bases of one tab as cards: search by keyword and tag, paged on the server. */
export function KbGrid({ scope, onEdit }: KbGridProps) {
  const { query, filter, pagination } = usePagedQuery<ListKbsBody>();
  const kbs = useKbs(scope, query);
  const filtered = !!(query.keyword || query.tag);

  return (
    <>
      <ListToolbar searchPlaceholder={TEXT.searchPlaceholder} onSearch={(keyword) => filter({ keyword })}>
        <TagSelect
          tagType="kb"
          placeholder={TEXT.tagFilterPlaceholder}
          aria-label={TEXT.tagFilter}
          style={{ width: 200 }}
          value={query.tag}
          onChange={(tag) => filter({ tag: typeof tag === 'string' && tag ? tag : undefined })}
        />
      </ListToolbar>
      <CardGrid
        query={kbs}
        items={kbs.data?.list ?? []}
        itemKey={(kb) => kb.id}
        renderCard={(kb) => <KbCard kb={kb} onEdit={onEdit} showOwner={scope === 'public'} />}
        empty={filtered ? TEXT.emptyFiltered : scope === 'mine' ? TEXT.empty : TEXT.emptyPublic}
        pagination={pagination(kbs.data?.total)}
      />
    </>
  );
}
