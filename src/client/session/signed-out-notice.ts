/**
 * A message that outlives the page reload of a sign-out (the password change's "please sign in
 * again"), kept for this tab only and shown once by the sign-in page.
 */
const STORAGE_KEY = 'summit.signedOutNotice';

export function leaveSignedOutNotice(messageKey: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, messageKey);
  } catch {
    // storage refused (private mode): the sign-in page simply shows no message
  }
}

export function takeSignedOutNotice(): string | null {
  try {
    const messageKey = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
    return messageKey;
  } catch {
    return null;
  }
}
