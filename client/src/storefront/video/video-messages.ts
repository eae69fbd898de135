export const VIDEO_MESSAGES = {
  ready: (childName: string) => `${childName}'s story is ready`,
  worksUntil: (date: string) => `This link works until ${date}`,
  invalid: 'This link is invalid or has expired.',
  loadFailed: 'We could not load your video just now.',
  downloadPdf: 'Download the storybook (PDF)',
} as const;

const UNTIL = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** "March 5, 2025 at 2:07 PM", in the parent's own time zone. */
export function formatExpiry(iso: string): string {
  return UNTIL.format(new Date(iso));
}
