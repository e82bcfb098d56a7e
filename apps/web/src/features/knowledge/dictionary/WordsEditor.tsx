import { Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { KB_DICTIONARY_TEXT as TEXT } from '../constants';
import { wordsOf } from './dictionary-words';

interface WordsEditorProps {
  id: string;
  label: string;
  /** The words as saved; the box starts from them (give a `key` of them to start again after a save). */
  words: string[];
  saveLabel: string;
  saving: boolean;
  onSave(words: string[]): void;
}

/** A list of dictionary words, one per line, with its count and a save button. */
export function WordsEditor({ id, label, words, saveLabel, saving, onSave }: WordsEditorProps) {
  const [text, setText] = useState(words.join('\n'));
  const typed = wordsOf(text);
  return (
    <Flex vertical gap={8}>
      <label htmlFor={id}>
        <Typography.Text strong>{label}</Typography.Text>
      </label>
      <Input.TextArea id={id} value={text} onChange={(event) => setText(event.target.value)} placeholder={TEXT.placeholder} autoSize={{ minRows: 4, maxRows: 16 }} />
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{TEXT.count(typed.length)}</Typography.Text>
        <Button type="primary" loading={saving} onClick={() => onSave(typed)}>
          {saveLabel}
        </Button>
      </Flex>
    </Flex>
  );
}
