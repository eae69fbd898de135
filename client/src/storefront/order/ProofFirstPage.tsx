import { type CSSProperties, type ReactNode, type Ref, useLayoutEffect, useRef, useState } from 'react';

export interface ProofPageImage {
  url: string;
  width: number;
  height: number;
}

/** The screen's height a fitted page leaves for the page row and the section's heading above it. */
const ROOM_FOR_THE_ROW = '10rem';
/** The narrowest a fitted page is made (a phone held sideways): readable rather than whole. */
const MIN_FITTED_WIDTH = '16rem';
/** The frame's two 1 px borders (order-page.css): a held frame's max-width is its inside's, a drawn one's its outside's. */
const FRAME_BORDERS = '2px';

/** A page's width and height (its size, or its image's); only their ratio matters. */
export type PageShape = Pick<ProofPageImage, 'width' | 'height'>;

interface ProofFirstPageProps {
  image: ProofPageImage;
  /** Names the page for a screen reader: "Proof 2 of Mia's book, page 1". */
  alt: string;
  /** Told once the image has arrived and is drawn, or could not be had. */
  onSettled?: (shown: boolean) => void;
}

/**
 * The proof's first page as the shop drew it when the proof was sent: a small image, shown the
 * moment the order page has its data, while pdf.js loads and reads the PDF to draw the pages
 * itself. Its width and height keep the page's shape, so nothing moves when the viewer's own
 * drawing takes its place. An image that fails to load steps aside for the viewer.
 */
export function ProofFirstPage({ image, alt, onSettled }: ProofFirstPageProps) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // An image already in the cache (shown a moment ago in the viewer's place) is there before the
  // first paint: said at once, so no "loading" flashes over it.
  useLayoutEffect(() => {
    if (img.current?.complete && img.current.naturalWidth > 0) onSettled?.(true);
    // Once, for the element as it mounts; its load and error events say the rest.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (failed) return null;
  return (
    <img
      ref={img}
      className="proof-viewer__page"
      src={image.url}
      width={image.width}
      height={image.height}
      alt={alt}
      fetchPriority="high"
      data-first-page="true"
      onLoad={() => onSettled?.(true)}
      onError={() => {
        setFailed(true);
        onSettled?.(false);
      }}
    />
  );
}

export interface ProofNavProps {
  pageNumber: number;
  /** The proof's pages; 0 until pdf.js has read the PDF (the first page's image is shown meanwhile). */
  pages: number;
  onPrevious?: () => void;
  onNext?: () => void;
}

/**
 * Previous, "Page 1 of 30", Next under the page. Shown with the first page's image already, its
 * buttons off until the PDF is read, so Approve and Ask for changes below do not move when it is.
 */
export function ProofNav({ pageNumber, pages, onPrevious, onNext }: ProofNavProps) {
  return (
    <div className="proof-viewer__nav">
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={pageNumber <= 1}
        aria-label="Previous page"
        onClick={onPrevious}
      >
        Previous
      </button>
      <span className="proof-viewer__count" aria-live="polite">
        {pages > 0 ? `Page ${pageNumber} of ${pages}` : `Page ${pageNumber}`}
      </span>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={pages === 0 || pageNumber >= pages}
        aria-label="Next page"
        onClick={onNext}
      >
        Next
      </button>
    </div>
  );
}

/**
 * A frame's width fitted to the screen for `page`, and while `held` the page's shape. A held frame
 * is sized inside its borders (order-page.css), so its max-width is the fitted one less them.
 */
function frameStyle(page: PageShape, held: boolean): CSSProperties {
  const fitted = `max(${MIN_FITTED_WIDTH}, calc((100svh - ${ROOM_FOR_THE_ROW}) * ${page.width / page.height}))`;
  if (!held) return { maxWidth: fitted };
  return { maxWidth: `calc(${fitted} - ${FRAME_BORDERS})`, aspectRatio: `${page.width} / ${page.height}` };
}

/**
 * The viewer's shape: the page's frame, then the page row under it, from the first moment on. The
 * first page's image, the place held while the viewer's code loads, and the viewer itself all
 * take it, so that Approve and Ask for changes below never move as one replaces another.
 */
export function ProofFrame({
  children,
  busy,
  frameRef,
  nav = { pageNumber: 1, pages: 0 },
  page,
  hold = false,
}: {
  children: ReactNode;
  busy?: boolean;
  frameRef?: Ref<HTMLDivElement>;
  /** The page row; page 1 of a PDF not read yet (its buttons off) unless given. */
  nav?: ProofNavProps;
  /**
   * The page's size (any unit), when known: the frame is no wider than lets the whole page fit on
   * the screen, with room for the page row (on a desktop an upright page drawn at the card's full
   * width is taller than the window).
   */
  page?: PageShape | null;
  /** Nothing of the page is drawn yet: the frame holds the page's shape, so the page drawn into it later changes no size. */
  hold?: boolean;
}) {
  const held = hold && page;
  const classes = ['proof-viewer__frame', page && 'proof-viewer__frame--fitted', held && 'proof-viewer__frame--held'];
  return (
    <div className="proof-viewer">
      <div
        ref={frameRef}
        className={classes.filter(Boolean).join(' ')}
        style={page ? frameStyle(page, hold) : undefined}
        aria-busy={busy}
      >
        {children}
      </div>
      <ProofNav {...nav} />
    </div>
  );
}
