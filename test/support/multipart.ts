/** A GraphQL multipart request (one file) written out by hand, for tests that control how the bytes travel. */
export interface MultipartFile {
  /** The variable the file fills, e.g. `childPhoto`. */
  variable: string;
  name: string;
  type: string;
}

/**
 * The parts before the file's bytes (operations, map, the file's part header) and the closing
 * boundary after them; the caller sends the file's bytes in between, however it likes.
 */
export function multipartFrame(
  operations: { query: string; variables: Record<string, unknown> },
  file: MultipartFile,
  boundary: string,
): { preamble: Buffer[]; closing: Buffer } {
  const head = (name: string, extra = '') => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
  return {
    preamble: [
      Buffer.from(`${head('operations')}\r\n${JSON.stringify(operations)}\r\n`),
      Buffer.from(`${head('map')}\r\n${JSON.stringify({ 0: [`variables.${file.variable}`] })}\r\n`),
      Buffer.from(`${head('0', `; filename="${file.name}"`)}Content-Type: ${file.type}\r\n\r\n`),
    ],
    closing: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}
