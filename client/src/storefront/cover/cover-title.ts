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

const WIDTH = 264;
const MAX_SIZE = 40;
const MIN_SIZE = 18;
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
  const ideal = WIDTH / (Math.max(text.length, 1) * GLYPH);
  const size = Math.round(Math.min(MAX_SIZE, Math.max(MIN_SIZE, ideal)));
  return { text, size, squeeze: ideal < MIN_SIZE };
}

/** One line when the name fits; two, split at the space nearest the middle, when it is long. */
export function fitLines(name: string): TitleLine[] {
  const text = name.trim().replace(/\s+/g, ' ');
  if (text.length <= 14 || !text.includes(' ')) return [sized(text)];
  const middle = text.length / 2;
  let split = -1;
  for (let index = 0; index < text.length; index += 1) {
    if (text[index] === ' ' && (split < 0 || Math.abs(index - middle) < Math.abs(split - middle))) split = index;
  }
  const first = sized(text.slice(0, split));
  const second = sized(text.slice(split + 1));
  // Both lines at the same size read as one title.
  const size = Math.min(first.size, second.size);
  return [
    { ...first, size },
    { ...second, size },
  ];
}
