import { USER_ROLE_LABELS } from '@agent-platform/contracts';
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AUTH_TOAST, useLogout, useSessionUser } from '../../features/auth';
import { LOGIN_PATH } from '../../lib/redirect';
import { LAYOUT_TEXT } from '../constants';
import styles from './AppLayout.module.css';

export const ACCOUNT_INFO_PATH = '/account/info';

/** The header's user menu: who is signed in, the account info page, sign out. */
export function UserMenu() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const logout = useLogout();

  const items: MenuProps['items'] = [
    {
      type: 'group',
      key: 'who',
      label: `${user.user_name} · ${USER_ROLE_LABELS[user.role]}`,
      children: [
        { key: 'account', icon: <UserOutlined />, label: LAYOUT_TEXT.accountInfo },
        { key: 'logout', icon: <LogoutOutlined />, label: LAYOUT_TEXT.logout, danger: true },
      ],
    },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'account') navigate(ACCOUNT_INFO_PATH);
    if (key === 'logout') {
      logout.mutate(undefined, {
        onSettled: () => {
          toast.success(AUTH_TOAST.logoutSuccess);
          navigate(LOGIN_PATH, { replace: true });
        },
      });
    }
  };

  const name = user.nick_name || user.user_name;
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" className={styles.userButton} aria-label={LAYOUT_TEXT.userMenu}>
        <Avatar size={28} style={{ backgroundColor: '#4f7cff' }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <span className={styles.userName}>{name}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
