/** A running upload: a bar and the percentage sent; at 100% the server is still storing it. */
export function UploadProgress({ percent, label }: { percent: number | null; label: string }) {
  let text = 'Uploading…';
  if (percent !== null) text = percent >= 100 ? '100% · Finishing…' : `${percent}%`;
  return (
    <div className="upload-progress">
      {/* Without a value the bar is indeterminate: the browser did not say how big the upload is. */}
      <progress className="upload-progress__bar" max={100} value={percent ?? undefined} aria-label={label} />
      <span className="upload-progress__text">{text}</span>
    </div>
  );
}
