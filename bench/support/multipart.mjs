// The GraphQL multipart request spec (one file), laid out as in test/support/graphql-client.ts.
import { randomBytes } from 'node:crypto';

/** A multipart body carrying `query` with `file` ({ name, type, data }) as the variable `fileVariable`. */
export function multipartBody(query, variables, fileVariable, file) {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const operations = JSON.stringify({ query, variables: { ...variables, [fileVariable]: null } });
  const map = JSON.stringify({ 0: [`variables.${fileVariable}`] });
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n${map}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
