/**
 * The order form's choice pictures as our own SVG icons, not emoji: an emoji is drawn by the
 * device's font and shows as an empty box where there is none. A lesson the icons do not know
 * yet gets the sparkles.
 */
import { Icon, type IconName } from '../../ui/Icon';

const LESSON_ICONS: Record<string, IconName> = {
  Kindness: 'heart',
  Courage: 'shield',
  Honesty: 'star',
  Friendship: 'users',
  Responsibility: 'target',
  Perseverance: 'mountain',
  Patience: 'hourglass',
  Gratitude: 'sun',
};

const FORMAT_ICONS: Record<string, IconName> = { digital: 'tablet', printed: 'book' };

export function LessonIcon({ lesson, size = 22 }: { lesson: string; size?: number }) {
  return <Icon name={LESSON_ICONS[lesson] ?? 'sparkles'} size={size} />;
}

export function FormatIcon({ format, size = 28 }: { format: string; size?: number }) {
  return <Icon name={FORMAT_ICONS[format] ?? 'book'} size={size} />;
}
