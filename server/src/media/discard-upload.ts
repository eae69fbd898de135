import type { IncomingFile } from './incoming-file';

/**
 * Throws away an upload whose request was refused before the file was looked at: the rest
 * of it is read and dropped, so the request ends cleanly, and nothing decodes or stores it.
 * graphql-upload deletes its temporary copy once the response is sent.
 */
export function discardUpload(upload: Promise<IncomingFile> | null | undefined): void {
  if (!upload) return;
  Promise.resolve(upload).then(
    (file) => {
      try {
        const stream = file.createReadStream();
        stream.on('error', () => undefined);
        stream.resume();
      } catch {
        // Already cut off (too large) or released: there is nothing left to read.
      }
    },
    () => undefined,
  );
}
