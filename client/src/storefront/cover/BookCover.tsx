/**
 * One book cover in SVG: the style's scene, the photo in its frame (or a drawn child when
 * there is no photo) and, when given, the title set in the style's type.
 */
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';

import { ChildFigure, COVER_HEIGHT, COVER_WIDTH, type CoverStyle, photoFrame, StyleScene, titleLook } from './style-art';
import { type CoverTitle, fitLines, MIN_TITLE_SIZE, TITLE_WIDTH, type TitleLine } from './cover-title';

/**
 * The name's lines as drawn: the estimate first, then, once the browser has set them in the
 * style's font, each line still too wide made smaller (down to the smallest size, then squeezed
 * to the width), so no name of up to 50 characters runs over the art.
 */
function useMeasuredLines(estimate: TitleLine[], key: string) {
  const refs = useRef<Array<SVGTextElement | null>>([]);
  const [measured, setMeasured] = useState<{ key: string; lines: TitleLine[] } | null>(null);
  useLayoutEffect(() => {
    const widths = refs.current.slice(0, estimate.length).map((text) => text?.getComputedTextLength?.() ?? 0);
    // Nothing measured (no layout, as in tests), or every line fits: the estimate stands.
    if (!widths.some((width) => width > TITLE_WIDTH)) return;
    // Both lines stay the same size, as one title: the widest decides.
    const scale = Math.min(...widths.map((width) => (width > TITLE_WIDTH ? TITLE_WIDTH / width : 1)));
    const size = Math.max(MIN_TITLE_SIZE, Math.floor(estimate[0]!.size * scale));
    const lines = estimate.map((line, index) => ({
      ...line,
      size,
      squeeze: line.squeeze || (widths[index]! * size) / line.size > TITLE_WIDTH,
    }));
    setMeasured({ key, lines });
  }, [estimate, key]);
  return { lines: measured?.key === key ? measured.lines : estimate, refs };
}

export interface BookCoverProps {
  style: CoverStyle;
  /** A URL the browser already has (a blob: URL or a signed media link); nothing is uploaded. */
  photoUrl?: string | null;
  title?: CoverTitle | null;
  /** The accessible name; without it the picture is decorative. */
  label?: string;
  className?: string;
}

export function BookCover({ style, photoUrl, title, label, className }: BookCoverProps) {
  // SVG ids must be unique on the page and safe inside url(#...).
  const id = `cover${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const frame = photoFrame(style);
  const look = titleLook(style);
  const name = title?.name ?? '';
  const estimate = useMemo(() => (name ? fitLines(name) : []), [name]);
  const { lines, refs } = useMeasuredLines(estimate, `${style} ${name}`);
  const nameTop = look.top + (title?.kicker ? 24 : 0);
  const lastNameLine = nameTop + lines.reduce((sum, line) => sum + line.size * 1.05, 0);

  return (
    <svg
      className={className}
      viewBox={`0 0 ${COVER_WIDTH} ${COVER_HEIGHT}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <defs>
        <clipPath id={`${id}-photo`}>{frame.clip}</clipPath>
      </defs>
      <StyleScene style={style} id={id} />
      <g clipPath={`url(#${id}-photo)`}>
        {photoUrl ? (
          <image
            href={photoUrl}
            x={frame.cx - frame.rx}
            y={frame.cy - frame.ry}
            width={frame.rx * 2}
            height={frame.ry * 2}
            preserveAspectRatio="xMidYMid slice"
          />
        ) : (
          <ChildFigure style={style} />
        )}
      </g>
      {frame.border}
      {title && (
        <g
          textAnchor="middle"
          fontFamily={look.fontFamily}
          fontWeight={look.fontWeight}
          stroke={look.stroke}
          strokeWidth={look.stroke ? 5 : undefined}
          strokeLinejoin="round"
          paintOrder="stroke"
        >
          {title.kicker && (
            <text
              x="150"
              y={look.top}
              fontSize="16"
              fill={look.kickerFill}
              strokeWidth={look.stroke ? 3 : undefined}
              fontWeight={600}
            >
              {title.kicker}
            </text>
          )}
          {lines.map((line, index) => (
            <text
              key={index}
              ref={(element) => {
                refs.current[index] = element;
              }}
              className="book-cover__name"
              x="150"
              y={nameTop + lines.slice(0, index + 1).reduce((sum, each) => sum + each.size * 1.05, 0) - 6}
              fontSize={line.size}
              fill={look.fill}
              textLength={line.squeeze ? TITLE_WIDTH : undefined}
              lengthAdjust={line.squeeze ? 'spacingAndGlyphs' : undefined}
            >
              {line.text}
            </text>
          ))}
          {title.subtitle && (
            <text x="150" y={lastNameLine + 16} fontSize="16" fill={look.fill} strokeWidth={look.stroke ? 4 : undefined}>
              {title.subtitle}
            </text>
          )}
          {title.lesson && (
            <text x="150" y="388" fontSize="12" fill={look.fill} fontWeight={600} strokeWidth={look.stroke ? 3 : undefined}>
              {title.lesson}
            </text>
          )}
        </g>
      )}
    </svg>
  );
}
