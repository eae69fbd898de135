/**
 * The order form's choice pictures as our own SVG icons, not emoji: an emoji is drawn by the
 * device's font and shows as an empty box where there is none. A lesson the icons do not know
 * yet gets the sparkles.
 */
import type { ReactNode } from 'react';

import { Icon, type IconName, LineIcon } from '../../ui/Icon';

// Shapes only the order form draws: kept here, out of the first load every page pays for.
const OWN_SHAPES: Record<string, ReactNode> = {
  star: <path d="M12 3.5l2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z" />,
  target: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1" />
    </>
  ),
  mountain: <path d="M2.5 20L9 8.5l4 6.5 2.5-4 6 9z" />,
  hourglass: <path d="M6 3h12M6 21h12M7 3c0 5 10 5.5 10 9s-10 4-10 9M17 3c0 5-10 5.5-10 9s10 4 10 9" />,
  sun: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
    </>
  ),
  tablet: (
    <>
      <rect x="5.5" y="2.5" width="13" height="19" rx="2" />
      <path d="M10.5 18h3" />
    </>
  ),
};

type Shape = IconName | keyof typeof OWN_SHAPES;

const LESSON_ICONS: Record<string, Shape> = {
  Kindness: 'heart',
  Courage: 'shield',
  Honesty: 'star',
  Friendship: 'users',
  Responsibility: 'target',
  Perseverance: 'mountain',
  Patience: 'hourglass',
  Gratitude: 'sun',
};

const FORMAT_ICONS: Record<string, Shape> = { digital: 'tablet', printed: 'book' };

function ChoiceIcon({ shape, size }: { shape: Shape; size: number }) {
  const own = OWN_SHAPES[shape];
  return own ? <LineIcon size={size}>{own}</LineIcon> : <Icon name={shape as IconName} size={size} />;
}

export function LessonIcon({ lesson, size = 22 }: { lesson: string; size?: number }) {
  return <ChoiceIcon shape={LESSON_ICONS[lesson] ?? 'sparkles'} size={size} />;
}

export function FormatIcon({ format, size = 28 }: { format: string; size?: number }) {
  return <ChoiceIcon shape={FORMAT_ICONS[format] ?? 'book'} size={size} />;
}
