import type { KnowledgeBase } from '@agent-platform/contracts';
import { Alert, Button, Flex, Input, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ReindexButton } from '../documents/ReindexButton';
import { KB_DICTIONARY_TEXT as TEXT, KB_TOAST } from '../constants';
import { useKbDictionary, useUpdateKbDictionary } from '../queries';
import { wordsOf } from './dictionary-words';

/** 词典: the knowledge base's own words (its owner edits them) and the platform's, with the re-index prompt after a change. */
export function DictionaryTab({ kb }: { kb: KnowledgeBase }) {
  const dictionary = useKbDictionary(kb.id);
  const update = useUpdateKbDictionary();
  const [text, setText] = useState('');
  useEffect(() => {
    if (dictionary.data) setText(dictionary.data.words.join('\n'));
  }, [dictionary.data]);

  if (dictionary.isPending) return <Skeleton active />;
  if (dictionary.isError) return <Alert type="error" showIcon title={dictionary.error.message} />;
  const { platform_words: platformWords, needs_reindex: needsReindex } = dictionary.data;
  const words = wordsOf(text);

  const save = () =>
    update.mutate(
      { kb_id: kb.id, words },
      {
        onSuccess: () => toast.success(TEXT.saved),
        onError: (error) => toast.error(KB_TOAST.failed, { description: error.message }),
      },
    );

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {TEXT.description}
      </Typography.Paragraph>
      {needsReindex && kb.editable ? <Alert type="warning" showIcon title={TEXT.reindexPrompt} action={<ReindexButton kbId={kb.id} />} data-testid="dictionary-reindex-prompt" /> : null}
      <label htmlFor="kb-dictionary-words">
        <Typography.Text strong>{TEXT.label}</Typography.Text>
      </label>
      <Input.TextArea
        id="kb-dictionary-words"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={TEXT.placeholder}
        autoSize={{ minRows: 6, maxRows: 16 }}
        readOnly={!kb.editable}
      />
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{TEXT.count(words.length)}</Typography.Text>
        {kb.editable ? (
          <Button type="primary" loading={update.isPending} onClick={save}>
            {TEXT.save}
          </Button>
        ) : (
          <Typography.Text type="secondary">{TEXT.readOnly}</Typography.Text>
        )}
      </Flex>
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
    </Flex>
  );
}
