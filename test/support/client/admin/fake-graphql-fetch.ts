/**
 * A `fetch` that plays the GraphQL server for a real Apollo client (the shop's own upload link),
 * so a test sees exactly what the link sends, multipart uploads and their `init` included.
 * jsdom has no Response: the link only reads `status`, `headers.get` and `text()`.
 */
export interface FakeRequest {
  operationName: string;
  variables: Record<string, unknown>;
  /** Multipart uploads: the files by their form field name. */
  files: Record<string, File>;
  init: RequestInit & { onUploadProgress?: (progress: { loaded: number; total: number }) => void };
}

export type FakeHandler = (request: FakeRequest) => unknown;

export function fakeGraphqlFetch(handlers: Record<string, FakeHandler>): typeof fetch {
  return (async (_input: RequestInfo | URL, init: FakeRequest['init'] = {}) => {
    let operations: { operationName: string; variables: Record<string, unknown> };
    const files: Record<string, File> = {};
    if (init.body instanceof FormData) {
      operations = JSON.parse(String(init.body.get('operations')));
      init.body.forEach((value, name) => {
        if (value instanceof File) files[name] = value;
      });
    } else {
      operations = JSON.parse(String(init.body));
    }
    const handler = handlers[operations.operationName];
    if (!handler) throw new Error(`no fake handler for ${operations.operationName}`);
    const payload = await handler({ ...operations, files, init });
    return {
      ok: true,
      status: 200,
      statusText: 'OK',
      headers: new Headers({ 'content-type': 'application/json' }),
      text: async () => JSON.stringify(payload),
    } as unknown as Response;
  }) as typeof fetch;
}
