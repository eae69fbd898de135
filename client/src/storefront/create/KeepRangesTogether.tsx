/**
 * Renders text with number ranges such as "7-10" kept on one line: browsers may break after
 * the hyphen, which reads as "7-" on one line and "10 business days" on the next.
 */
export function KeepRangesTogether({ text }: { text: string }) {
  const parts = text.split(/(\d+-\d+)/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <span key={index} className="nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
