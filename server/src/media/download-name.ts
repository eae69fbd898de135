/**
 * What a parent's downloaded files are called: `{child}-{lesson}-storybook.pdf` and `.mp4`, not
 * the storage key's uuid. The name rides on the signed link as `name=` and is only ever letters,
 * digits and dashes (the extension comes from the stored file), so a link cannot be made to
 * offer a file under a misleading name or type.
 */

/** Letters (accents dropped), digits and single dashes, at most 80 characters; '' when nothing is left. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** "Léa-Marie", "Kindness" -> "lea-marie-kindness-storybook"; without a name (deleted), "kindness-storybook". */
export function bookFileName(childName: string | null, lesson: string): string {
  return [slug(childName ?? ''), slug(lesson), 'storybook'].filter(Boolean).join('-');
}

/** A signed media link that saves the file as `name` (plus the stored file's extension). */
export function downloadUrl(signedUrl: string, name: string): string {
  return `${signedUrl}&download=1&name=${encodeURIComponent(slug(name) || 'storybook')}`;
}

/** The name a download asked for, when it is one the shop could have made; null otherwise. */
export function requestedName(name: unknown): string | null {
  return typeof name === 'string' && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) && name.length <= 80 ? name : null;
}
