import type { UserInfo } from '@agent-platform/contracts';
import { Button, Popconfirm, Space } from 'antd';
import { toast } from 'sonner';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { COMMON_TEXT } from '../../../components/constants';
import { ACCOUNT_ADMIN_TEXT as TEXT, ACCOUNT_ADMIN_TOAST as TOAST } from '../constants';
import { useDeleteUser, useReviewUser, useUnlockUser, useUpdateUserRole } from '../queries';

interface UserActionsProps {
  user: UserInfo;
  isSelf: boolean;
  onShowUsage: (user: UserInfo) => void;
}

const onFailure = (error: Error) => toast.error(TOAST.failed, { description: error.message });

/** Approve or reject a pending account, lift a sign-in lock, change its role, show its usage, delete it (never oneself). */
export function UserActions({ user, isSelf, onShowUsage }: UserActionsProps) {
  const review = useReviewUser();
  const remove = useDeleteUser();
  const unlock = useUnlockUser();
  const role = useUpdateUserRole();
  const name = user.nick_name || user.user_name;

  const decide = (approve: boolean) =>
    review.mutate({ user_id: user.id, approve }, { onSuccess: () => toast.success(approve ? TOAST.approved : TOAST.rejected, { description: name }), onError: onFailure });

  return (
    <Space size={0} wrap>
      {user.status === 'pending' ? (
        <>
          <Button type="link" size="small" loading={review.isPending && review.variables?.approve} onClick={() => decide(true)}>
            {TEXT.approve}
          </Button>
          <Popconfirm title={TEXT.rejectConfirm} okText={COMMON_TEXT.confirm} cancelText={COMMON_TEXT.cancel} onConfirm={() => decide(false)}>
            <Button type="link" size="small" danger>
              {TEXT.reject}
            </Button>
          </Popconfirm>
        </>
      ) : null}
      {user.locked_until ? (
        <Button
          type="link"
          size="small"
          loading={unlock.isPending}
          onClick={() => unlock.mutate({ user_id: user.id }, { onSuccess: () => toast.success(TOAST.unlocked, { description: name }), onError: onFailure })}
        >
          {TEXT.unlock}
        </Button>
      ) : null}
      {user.status === 'active' && !isSelf ? (
        <Popconfirm
          title={user.role === 'admin' ? TEXT.makeUserConfirm : TEXT.makeAdminConfirm}
          okText={COMMON_TEXT.confirm}
          cancelText={COMMON_TEXT.cancel}
          onConfirm={() =>
            role.mutate(
              { user_id: user.id, role: user.role === 'admin' ? 'user' : 'admin' },
              { onSuccess: () => toast.success(TOAST.roleChanged, { description: name }), onError: onFailure },
            )
          }
        >
          <Button type="link" size="small" loading={role.isPending}>
            {user.role === 'admin' ? TEXT.makeUser : TEXT.makeAdmin}
          </Button>
        </Popconfirm>
      ) : null}
      <Button type="link" size="small" onClick={() => onShowUsage(user)}>
        {TEXT.usage}
      </Button>
      <ConfirmDeleteButton
        title={TEXT.deleteConfirm}
        description={TEXT.deleteConfirmDescription}
        onDelete={() => remove.mutateAsync({ user_id: user.id })}
        pending={remove.isPending}
        successToast={TOAST.deleted}
        failureToast={TOAST.failed}
        subject={name}
        disabled={isSelf}
        disabledHint={TEXT.selfHint}
      />
    </Space>
  );
}
