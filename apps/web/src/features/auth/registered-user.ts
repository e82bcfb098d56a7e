/** What registration hands to the sign-in page: the new user name (never the password). */
interface RegisteredState {
  registeredUserName: string;
}

export function registeredState(userName: string): RegisteredState {
  return { registeredUserName: userName };
}

/** The user name just registered, from the sign-in page's location state (none on a direct visit). */
export function registeredUserName(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const name = (state as Partial<RegisteredState>).registeredUserName;
  return typeof name === 'string' ? name : undefined;
}
