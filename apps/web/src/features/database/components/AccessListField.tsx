import type { DbAccessUser, UserBrief } from '@agent-platform/contracts';
import { Select, Spin } from 'antd';
import { useState } from 'react';
import { ACCESS_LIST_TEXT as TEXT } from '../constants';
import { useUserSearch } from '../queries';

const labelOf = (user: UserBrief) => (user.nick_name && user.nick_name !== user.user_name ? `${user.nick_name}（${user.user_name}）` : user.user_name);

interface AccessListFieldProps {
  /** User ids (a form field's value). */
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** The users on the saved list, for their names. */
  known?: DbAccessUser[];
  id?: string;
  'aria-label'?: string;
}

/** An access list: people added by typing part of their user name or nickname, removed with their tag's ×. */
export function AccessListField({ value = [], onChange, known = [], id, 'aria-label': ariaLabel }: AccessListFieldProps) {
  const [keyword, setKeyword] = useState('');
  const found = useUserSearch(keyword);
  // Names of the people picked from a search since the form opened.
  const [picked, setPicked] = useState<UserBrief[]>([]);
  const names = new Map([...known, ...picked].map((user) => [user.id, user]));
  const options = [
    ...value.map((userId) => ({ value: userId, label: labelOf(names.get(userId) ?? { id: userId, user_name: userId, nick_name: '' }) })),
    ...(found.data ?? []).filter((user) => !value.includes(user.id)).map((user) => ({ value: user.id, label: labelOf(user) })),
  ];
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      mode="multiple"
      value={value}
      placeholder={TEXT.placeholder}
      options={options}
      showSearch={{ filterOption: false, onSearch: setKeyword, autoClearSearchValue: true }}
      notFoundContent={!keyword.trim() ? TEXT.typeToSearch : found.isFetching ? <Spin size="small" /> : TEXT.noUsers}
      onChange={(ids: string[]) => {
        setPicked((current) => [...current, ...(found.data ?? []).filter((user) => ids.includes(user.id))]);
        setKeyword('');
        onChange?.(ids);
      }}
    />
  );
}
