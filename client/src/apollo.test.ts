/**
 * @jest-environment node
 */
// The upload-progress seam end to end: Apollo's upload link -> context.fetchOptions -> xhrFetch.
import { ME_QUERY } from './admin/session/session-operations';
import { COMPLETE_ORDER_WITH_VIDEO_MUTATION } from './admin/upload/upload-operations';
import { createApolloClient } from './apollo';
import { FakeXhr } from '../../test/support/client/fake-xhr';
import { xhrFetch } from './xhr-fetch';

beforeEach(() => {
  Object.assign(globalThis, { XMLHttpRequest: FakeXhr });
});

afterEach(() => {
  delete (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
});

const NOTHING_DONE =
  '{"data":{"completeOrderWithVideo":{"__typename":"CompleteOrderWithVideoPayload","order":null,"userErrors":[]}}}';

describe('the Apollo client over xhrFetch', () => {
  it('sends an upload as multipart and reports its progress to the operation that asked', async () => {
    const client = createApolloClient({ fetch: xhrFetch });
    const progress: number[] = [];
    const pending = client.mutate({
      mutation: COMPLETE_ORDER_WITH_VIDEO_MUTATION,
      variables: { orderId: 'order-1', video: new File([new Uint8Array(1000)], 'story.mp4', { type: 'video/mp4' }) },
      context: {
        fetchOptions: {
          onUploadProgress: ({ loaded, total }: { loaded: number; total: number }) => progress.push(loaded / total),
        },
      },
    });
    // The link starts the request on the next tick.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/graphql');
    expect(xhr.headers['apollo-require-preflight']).toBe('true');
    expect(xhr.body).toBeInstanceOf(FormData);
    const form = xhr.body as FormData;
    expect(JSON.parse(String(form.get('map')))).toEqual({ 1: ['variables.video'] });
    expect((form.get('1') as File).name).toBe('story.mp4');

    xhr.progress(250, 1000);
    xhr.progress(1000, 1000);
    xhr.respond(200, NOTHING_DONE, { 'content-type': 'application/graphql-response+json; charset=utf-8' });
    await expect(pending).resolves.toMatchObject({ data: { completeOrderWithVideo: { order: null, userErrors: [] } } });
    expect(progress).toEqual([0.25, 1]);
  });

  it('sends ordinary operations as JSON, same-origin, and reads the answer', async () => {
    const client = createApolloClient({ fetch: xhrFetch });
    const pending = client.query({ query: ME_QUERY });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const xhr = FakeXhr.last;
    expect(xhr.withCredentials).toBe(false);
    expect(xhr.headers['content-type']).toBe('application/json');
    expect(JSON.parse(String(xhr.body))).toMatchObject({ operationName: 'AdminMe', variables: {} });
    expect(xhr.upload.onprogress).toBeNull();
    xhr.respond(200, '{"data":{"me":{"__typename":"AdminUser","id":"a1","email":"staff@example.com"}}}', {
      'content-type': 'application/json',
    });
    await expect(pending).resolves.toMatchObject({ data: { me: { email: 'staff@example.com' } } });
  });
});
