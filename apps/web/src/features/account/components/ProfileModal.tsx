import type { UserInfo } from '@agent-platform/contracts';
import { Form, Input, Modal } from 'antd';
import { toast } from 'sonner';
import { PHONE_RULES, USER_FIELD_LABELS } from '../../auth';
import { ACCOUNT_RULES, ACCOUNT_TEXT, ACCOUNT_TOAST } from '../constants';
import { useUpdateUserInfo } from '../queries';

interface ProfileValues {
  nick_name: string;
  phone: string;
}

/** Edit nickname and phone; an app-level modal, so it closes on any route change. */
export function ProfileModal({ user, onClose }: { user: UserInfo; onClose: () => void }) {
  const [form] = Form.useForm<ProfileValues>();
  const update = useUpdateUserInfo();

  const onFinish = (values: ProfileValues) => {
    update.mutate(values, {
      onSuccess: () => {
        toast.success(ACCOUNT_TOAST.profileSaved);
        onClose();
      },
      onError: (error) => toast.error(ACCOUNT_TOAST.profileFailed, { description: error.message }),
    });
  };

  return (
    <Modal
      open
      title={ACCOUNT_TEXT.editProfileTitle}
      okText={ACCOUNT_TEXT.save}
      cancelText={ACCOUNT_TEXT.cancel}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ProfileValues> form={form} layout="vertical" initialValues={{ nick_name: user.nick_name, phone: user.phone }} onFinish={onFinish} style={{ marginTop: 16 }}>
        <Form.Item name="nick_name" label={USER_FIELD_LABELS.nick_name} rules={[{ required: true, whitespace: true, message: ACCOUNT_RULES.nickNameRequired }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="phone" label={USER_FIELD_LABELS.phone} rules={PHONE_RULES}>
          <Input maxLength={16} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
