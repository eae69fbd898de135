/**
 * See the book before paying: the cover in the chosen style with the child's name in the
 * title and their photo in the frame, drawn in the browser from what is on the page.
 * Loaded on demand (default export for React.lazy).
 */
import { BookCover } from './BookCover';
import { coverTitle } from './cover-title';
import { coverStyleOf } from './style-art';
import './cover-preview.css';

export interface CoverPreviewProps {
  childName: string;
  /** The catalogue's style value; digital books (no style) get the classic look. */
  bookStyle: string | null | undefined;
  photoUrl: string | null;
  /** The life lesson's label, for the line at the foot of the cover. */
  lesson?: string | null;
  compact?: boolean;
}

export default function CoverPreview({ childName, bookStyle, photoUrl, lesson, compact = false }: CoverPreviewProps) {
  const style = coverStyleOf(bookStyle);
  const title = coverTitle(style, childName.trim(), lesson);
  const words = [title.kicker, title.name, title.subtitle].filter(Boolean).join(' ');
  return (
    <figure className={`cover-preview${compact ? ' cover-preview--compact' : ''}`}>
      <BookCover
        className="cover-preview__cover"
        style={style}
        photoUrl={photoUrl}
        title={title}
        label={`Book cover: ${words}`}
      />
      <figcaption className="cover-preview__caption">
        {compact
          ? 'Your cover, drawn from your photo.'
          : 'A first look at the cover, drawn here in your browser. Our illustrators paint the finished book by hand.'}
      </figcaption>
    </figure>
  );
}
