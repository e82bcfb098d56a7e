import { PASSWORD_MIN } from '@agent-platform/contracts';

export const ACCOUNT_TITLES = { info: '个人信息' } as const;

export const ACCOUNT_TEXT = {
  description: '查看和修改您的账号资料与登录密码',
  profileCard: '基本信息',
  passwordCard: '修改密码',
  editProfile: '编辑资料',
  editProfileTitle: '编辑资料',
  oldPassword: '原密码',
  newPassword: '新密码',
  confirmPassword: '确认新密码',
  save: '保存',
  cancel: '取消',
  changePassword: '修改密码',
  passwordHint: '修改密码后，请使用新密码登录。',
} as const;

export const ACCOUNT_RULES = {
  nickNameRequired: '请输入昵称',
  oldPasswordRequired: '请输入原密码',
  newPasswordRequired: '请输入新密码',
  newPasswordMin: `新密码至少 ${PASSWORD_MIN} 位`,
  confirmRequired: '请确认新密码',
} as const;

export const ACCOUNT_TOAST = {
  profileSaved: '资料已保存',
  profileFailed: '保存失败',
  passwordChanged: '密码修改成功',
  passwordFailed: '密码修改失败',
} as const;

export const PROFILE_MODAL_KEY = 'account.edit-profile';
