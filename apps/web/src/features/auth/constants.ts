import { PASSWORD_MIN, type UserInfo } from '@agent-platform/contracts';

export const AUTH_TITLES = { login: '登录', register: '注册' } as const;

export const AUTH_TEXT = {
  challengeTitle: '人机验证',
  challengeHint: '请计算图中算式的结果',
  challengeAnswer: '计算结果',
  challengeRefresh: '换一题',
  challengeSubmit: '验证并发送',
  loginHeading: '欢迎登录',
  loginSubtitle: '使用用户名和密码登录平台',
  registerHeading: '创建账号',
  registerSubtitle: '填写以下信息注册新账号',
  userName: '用户名',
  nickName: '昵称',
  phone: '手机号',
  code: '验证码',
  password: '密码',
  confirmPassword: '确认密码',
  loginButton: '登录',
  registerButton: '创建账号',
  agreementPrefix: '登录即表示您已阅读并同意',
  agreementLink: '《服务协议》',
  noAccount: '还没有账号？',
  toRegister: '立即注册',
  hasAccount: '已有账号？',
  toLogin: '返回登录',
  sendCode: '获取验证码',
  resendIn: (seconds: number) => `${seconds}秒后重新获取`,
} as const;

/** The names of a user's fields, the same on the profile page and in the account list. */
export const USER_FIELD_LABELS = {
  user_name: '用户名',
  nick_name: '昵称',
  phone: '手机号',
  role: '角色',
  status: '状态',
  created_at: '注册时间',
} as const satisfies Partial<Record<keyof UserInfo, string>>;

/** The form messages, word for word as the product gives them. */
export const AUTH_RULES = {
  userNameRequired: '请输入用户名',
  nickNameRequired: '请输入昵称',
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确的手机号',
  codeRequired: '请输入验证码',
  passwordRequired: '请输入密码',
  passwordMin: `密码至少 ${PASSWORD_MIN} 位`,
  confirmRequired: '请确认密码',
  confirmMismatch: '两次密码不一致',
} as const;

/** The sign-in errors the product names. */
export const AUTH_TOAST = {
  loginSuccess: '登录成功',
  loginFailed: '登录失败',
  registerSuccess: '创建成功',
  registerFailed: '创建失败',
  codeSent: '验证码发送成功',
  codeSendFailed: '验证码发送失败',
  logoutSuccess: '已退出登录',
} as const;

export const AGREEMENT_URL = '/agreement.pdf';
export const CODE_LENGTH = 6;
export const RESEND_SECONDS = 60;
/** Register answers these (HTTP 200) for a taken user name and a wrong or expired code. */
export const REGISTER_FAILURE_CODES: readonly number[] = [201, 202];
