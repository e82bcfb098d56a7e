import type { ListMaBody } from '@agent-platform/contracts';
import { CardGrid } from '../../../components/CardGrid';
import { ListToolbar } from '../../../components/ListToolbar';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { TagSelect } from '../../tags';
import type { MaScope } from '../api';
import { MA_LIST_TEXT as TEXT } from '../constants';
import { useSetups } from '../queries';
import { MaCard } from './MaCard';

/** The setups of one tab as cards: search by keyword and tag, paged on the server. */
export function MaGrid({ scope }: { scope: MaScope }) {
  const { query, filter, pagination } = usePagedQuery<ListMaBody>();
  const setups = useSetups(scope, query);
  const filtered = !!(query.keyword || query.tag);
  return (
    <>
      <ListToolbar searchPlaceholder={TEXT.searchPlaceholder} onSearch={(keyword) => filter({ keyword })}>
        <TagSelect
          tagType="ma"
          aria-label={TEXT.tagFilter}
          placeholder={TEXT.allTags}
          style={{ width: 200 }}
          value={query.tag}
          onChange={(tag) => filter({ tag: typeof tag === 'string' && tag ? tag : undefined })}
        />
      </ListToolbar>
      <CardGrid
        query={setups}
        items={setups.data?.list ?? []}
        itemKey={(setup) => setup.id}
        renderCard={(setup) => <MaCard setup={setup} showOwner={scope === 'public'} />}
        empty={filtered ? TEXT.emptyFiltered : scope === 'mine' ? TEXT.empty : TEXT.emptyPublic}
        pagination={pagination(setups.data?.total)}
      />
    </>
  );
}
