import type { KnowledgeBase } from '@agent-platform/contracts';
import { Alert, Flex, Input, Skeleton, Tag, Typography } from 'antd';
import { toast } from 'sonner';
import { useSessionUser } from '../../auth';
import { ReindexButton } from '../documents/ReindexButton';
import { KB_DICTIONARY_TEXT as TEXT, KB_TOAST } from '../constants';
import { useKbDictionary, useUpdateKbDictionary, useUpdatePlatformDictionary } from '../queries';
import { WordsEditor } from './WordsEditor';

const failed = (error: Error) => toast.error(KB_TOAST.failed, { description: error.message });

/**
 * 词典: the knowledge base's own words (its owner edits them) and the platform's (administrators edit
 * them here too), with the re-index prompt after a change.
 */
export function DictionaryTab({ kb }: { kb: KnowledgeBase }) {
  const isAdmin = useSessionUser().role === 'admin';
  const dictionary = useKbDictionary(kb.id);
  const update = useUpdateKbDictionary();
  const updatePlatform = useUpdatePlatformDictionary();

  if (dictionary.isPending) return <Skeleton active />;
  if (dictionary.isError) return <Alert type="error" showIcon title={dictionary.error.message} />;
  const { words, platform_words: platformWords, needs_reindex: needsReindex } = dictionary.data;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {TEXT.description}
      </Typography.Paragraph>
      {needsReindex && kb.editable ? <Alert type="warning" showIcon title={TEXT.reindexPrompt} action={<ReindexButton kbId={kb.id} />} data-testid="dictionary-reindex-prompt" /> : null}
      {kb.editable ? (
        <WordsEditor
          key={words.join('\n')}
          id="kb-dictionary-words"
          label={TEXT.label}
          words={words}
          saveLabel={TEXT.save}
          saving={update.isPending}
          onSave={(typed) => update.mutate({ kb_id: kb.id, words: typed }, { onSuccess: () => toast.success(TEXT.saved), onError: failed })}
        />
      ) : (
        <Flex vertical gap={8}>
          <label htmlFor="kb-dictionary-words">
            <Typography.Text strong>{TEXT.label}</Typography.Text>
          </label>
          <Input.TextArea id="kb-dictionary-words" value={words.join('\n')} readOnly autoSize={{ minRows: 2, maxRows: 16 }} />
          <Typography.Text type="secondary">{TEXT.readOnly}</Typography.Text>
        </Flex>
      )}
      {isAdmin ? (
        <WordsEditor
          key={platformWords.join('\n')}
          id="platform-dictionary-words"
          label={TEXT.platformLabel}
          words={platformWords}
          saveLabel={TEXT.savePlatform}
          saving={updatePlatform.isPending}
          onSave={(typed) => updatePlatform.mutate(typed, { onSuccess: (saved) => toast.success(TEXT.platformSaved(saved.marked_for_reindex ?? 0)), onError: failed })}
        />
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text strong>{TEXT.platformLabel}</Typography.Text>
          {platformWords.length > 0 ? (
            <Flex wrap gap={4}>
              {platformWords.map((word) => (
                <Tag key={word}>{word}</Tag>
              ))}
            </Flex>
          ) : (
            <Typography.Text type="secondary">{TEXT.platformEmpty}</Typography.Text>
          )}
        </Flex>
      )}
    </Flex>
  );
}
