/**
 * The visitor's answer to the cookie banner, kept in localStorage ('cookie-consent') so it is
 * asked once per browser. Nothing here loads anything: pixel.ts asks before it does.
 */

export type ConsentChoice = 'accepted' | 'declined';

export const CONSENT_KEY = 'cookie-consent';

const listeners = new Set<(choice: ConsentChoice) => void>();

// localStorage can be missing or throw (privacy modes): treat that as "not chosen yet".
export function readConsent(): ConsentChoice | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

/** Stores the choice (for this visit at least, even when storage refuses) and tells listeners. */
export function saveConsent(choice: ConsentChoice): void {
  try {
    window.localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    // The choice still holds for this page's lifetime through the listeners.
  }
  listeners.forEach((listener) => listener(choice));
}

export function onConsentChange(listener: (choice: ConsentChoice) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
