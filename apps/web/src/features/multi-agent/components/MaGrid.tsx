import type { ListMaBody, MaInfo } from '@agent-platform/contracts';
import { TaggedCardGrid } from '../../../components/TaggedCardGrid';
import { TagSelect } from '../../tags';
import type { MaScope } from '../api';
import { MA_LIST_TEXT as TEXT } from '../constants';
import { useSetups } from '../queries';
import { MaCard } from './MaCard';

/** The setups of one tab as cards: search by keyword and tag, paged on the server. */
export function MaGrid({ scope }: { scope: MaScope }) {
  return (
    <TaggedCardGrid<MaInfo, ListMaBody>
      scope={scope}
      text={TEXT}
      useList={useSetups}
      tagFilter={(props) => <TagSelect tagType="ma" aria-label={TEXT.tagFilter} placeholder={TEXT.allTags} style={{ width: 200 }} {...props} />}
      renderCard={(setup) => <MaCard setup={setup} showOwner={scope === 'public'} />}
    />
  );
}
