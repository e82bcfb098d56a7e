/** The session token travels in this request header on every call. */
export const TOKEN_REQUEST_HEADER = 'access-token';
/** A rotated (newer) token arrives in this response header. */
export const TOKEN_RESPONSE_HEADER = 'access_token';
/** The browser keeps the token in local storage under this one fixed key. */
export const TOKEN_STORAGE_KEY = 'access-token';
