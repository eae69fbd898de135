/** The words on a cover, and how the child's name is set to fit its width. */
import type { CoverStyle } from './style-art';

export interface CoverTitle {
  kicker?: string;
  name: string;
  subtitle?: string;
  /** A line at the foot of the cover about the life lesson. */
  lesson?: string;
}

export interface TitleLine {
  text: string;
  size: number;
  /** Too long even at the smallest size: squeezed to the width. */
  squeeze: boolean;
}

/** The width a line of the name may take on the cover, in its units. */
export const TITLE_WIDTH = 264;
const MAX_SIZE = 40;
export const MIN_TITLE_SIZE = 18;
/** An average glyph is about this share of the font size wide. */
const GLYPH = 0.58;

/** The title of each style's cover around the child's name. */
export function coverTitle(style: CoverStyle, name: string, lesson?: string | null): CoverTitle {
  const lessonLine = lesson ? `A story about ${lesson.toLowerCase()}` : undefined;
  switch (style) {
    case 'adventure':
      return { name, subtitle: 'and the Great Expedition', lesson: lessonLine };
    case 'fairytale':
      return { name, subtitle: 'and the Enchanted Castle', lesson: lessonLine };
    case 'superhero':
      return { kicker: 'The Amazing', name, subtitle: 'Saves the Day!', lesson: lessonLine };
    default:
      return { kicker: 'The Gentle Tale of', name, lesson: lessonLine };
  }
}

function sized(text: string): TitleLine {
  const ideal = TITLE_WIDTH / (Math.max(text.length, 1) * GLYPH);
  const size = Math.round(Math.min(MAX_SIZE, Math.max(MIN_TITLE_SIZE, ideal)));
  return { text, size, squeeze: ideal < MIN_TITLE_SIZE };
}

/**
 * One line when the name fits; two when it is long, split at the space or after the hyphen
 * nearest the middle ("Maximilian-" / "Alexander"). The sizes are estimates: the cover measures
 * the lines it draws and shrinks any that are still too wide (BookCover).
 */
export function fitLines(name: string): TitleLine[] {
  const text = name.trim().replace(/\s+/g, ' ');
  if (text.length <= 12 || !/[ -]/.test(text.slice(1, -1))) return [sized(text)];
  const middle = text.length / 2;
  // A break before index `at`: a space is dropped, a hyphen stays at the end of the first line.
  let at = -1;
  for (let index = 1; index < text.length - 1; index += 1) {
    const breakAt = text[index] === ' ' ? index : text[index] === '-' ? index + 1 : -1;
    if (breakAt > 0 && (at < 0 || Math.abs(breakAt - middle) < Math.abs(at - middle))) at = breakAt;
  }
  const first = sized(text.slice(0, at).trimEnd());
  const second = sized(text.slice(at).trimStart());
  // Both lines at the same size read as one title.
  const size = Math.min(first.size, second.size);
  return [
    { ...first, size },
    { ...second, size },
  ];
}
