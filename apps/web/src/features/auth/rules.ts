import { PASSWORD_MIN, PHONE_PATTERN } from '@agent-platform/contracts';
import type { FormRule } from 'antd';
import { AUTH_RULES } from './constants';

/** Form rules shared by register and the account page. */
export const PHONE_RULES: FormRule[] = [
  { required: true, message: AUTH_RULES.phoneRequired },
  { pattern: PHONE_PATTERN, message: AUTH_RULES.phoneInvalid },
];

export function passwordRules(requiredMessage: string = AUTH_RULES.passwordRequired, minMessage: string = AUTH_RULES.passwordMin): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    { min: PASSWORD_MIN, message: minMessage },
  ];
}

/** Required, and equal to the value of `passwordField`. */
export function confirmPasswordRules(passwordField: string, requiredMessage: string = AUTH_RULES.confirmRequired): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    ({ getFieldValue }) => ({
      validator: (_rule, value) => (!value || getFieldValue(passwordField) === value ? Promise.resolve() : Promise.reject(new Error(AUTH_RULES.confirmMismatch))),
    }),
  ];
}
