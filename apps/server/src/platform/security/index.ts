export { hashPassword, verifyPassword } from './passwords.js';
export { newToken, sha256, sixDigitCode } from './tokens.js';
export { SecretKeyMismatchError, createSecretBox, loadOrCreateKeyFile, openSecretBox, parseSecretKey, type SecretBox } from './secret-box.js';
