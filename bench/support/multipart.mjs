// The GraphQL multipart request spec, laid out as in test/support/graphql-client.ts.
import { randomBytes } from 'node:crypto';

/**
 * A multipart body carrying `query` with each of `files` ({ variable: { name, type, data } })
 * as that variable.
 */
export function multipartFilesBody(query, variables, files) {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const entries = Object.entries(files);
  const nulls = Object.fromEntries(entries.map(([variable]) => [variable, null]));
  const operations = JSON.stringify({ query, variables: { ...variables, ...nulls } });
  const map = JSON.stringify(Object.fromEntries(entries.map(([variable], i) => [i, [`variables.${variable}`]])));
  const parts = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n${map}\r\n`,
    ),
  ];
  entries.forEach(([, file], i) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${i}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A multipart body carrying `query` with `file` ({ name, type, data }) as the variable `fileVariable`. */
export function multipartBody(query, variables, fileVariable, file) {
  return multipartFilesBody(query, variables, { [fileVariable]: file });
}

/** Posts a multipart GraphQL request (with the admin's `cookie`, if any); answers the parsed reply. */
export async function uploadRequest(base, query, variables, files, cookie) {
  const { body, contentType } = multipartFilesBody(query, variables, files);
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'apollo-require-preflight': 'true', ...(cookie ? { cookie } : {}) },
    body,
  });
  return res.json();
}
