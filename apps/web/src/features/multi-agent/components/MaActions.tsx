import type { MaInfo } from '@agent-platform/contracts';
import { Button, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { MA_LIST_TEXT as TEXT, MA_PATHS, MA_TOAST } from '../constants';
import { useDeleteSetup, useSetSetupPublic } from '../queries';

/** 对话 for everyone; 编辑 · 发布/取消发布 · 接入 · 删除 for the owner and administrators. */
export function MaActions({ setup, hide, onDeleted }: { setup: MaInfo; hide?: 'deploy'; onDeleted?: () => void }) {
  const navigate = useNavigate();
  const publish = useSetSetupPublic();
  const remove = useDeleteSetup();
  const togglePublic = () =>
    publish.mutate(
      { id: setup.id, isPublic: !setup.is_public },
      {
        onSuccess: () => toast.success(setup.is_public ? MA_TOAST.withheld : MA_TOAST.published, { description: setup.name }),
        onError: (error) => toast.error(MA_TOAST.failed, { description: error.message }),
      },
    );
  return (
    <Flex gap={0} wrap justify="center">
      <Button type="link" size="small" onClick={() => navigate(MA_PATHS.chat(setup.id))}>
        {TEXT.chat}
      </Button>
      {setup.editable ? (
        <>
          <Button type="link" size="small" onClick={() => navigate(MA_PATHS.edit(setup.id))}>
            {TEXT.edit}
          </Button>
          <Button type="link" size="small" loading={publish.isPending} onClick={togglePublic}>
            {setup.is_public ? TEXT.withhold : TEXT.publish}
          </Button>
          {hide === 'deploy' ? null : (
            <Button type="link" size="small" onClick={() => navigate(MA_PATHS.deploy(setup.id))}>
              {TEXT.deploy}
            </Button>
          )}
          <ConfirmDeleteButton
            title={TEXT.deleteConfirm}
            description={TEXT.deleteConfirmDescription}
            onDelete={() => remove.mutateAsync(setup.id).then(onDeleted)}
            pending={remove.isPending}
            successToast={MA_TOAST.deleted}
            failureToast={MA_TOAST.failed}
            subject={setup.name}
          />
        </>
      ) : null}
    </Flex>
  );
}
