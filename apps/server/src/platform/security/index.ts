export { hashPassword, verifyPassword } from './passwords.js';
export { newToken, sha256, sixDigitCode } from './tokens.js';
