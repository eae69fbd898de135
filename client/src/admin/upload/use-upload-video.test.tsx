import { ApolloProvider } from '@apollo/client/react';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';

import { fakeGraphqlFetch, type FakeHandler } from '../../../../test/support/client/admin/fake-graphql-fetch';
import { createApolloClient } from '../../apollo';
import { type AdminSession, AdminSessionContext } from '../session/admin-session-context';
import { PartUploadError, sendVideoParts, type SendPartsOptions, type VideoUploadPlan } from './send-video-parts';
import { keepUnfinishedUpload, recordSentPart, unfinishedUploadOf } from './unfinished-uploads';
import { UPLOAD_MESSAGES } from './upload-messages';
import { useUploadVideo } from './use-upload-video';

// The parts' PUTs to the bucket are send-video-parts' own tests; here, what the delivery does around them.
jest.mock('./send-video-parts', () => ({ ...jest.requireActual('./send-video-parts'), sendVideoParts: jest.fn() }));
const sendParts = sendVideoParts as jest.MockedFunction<typeof sendVideoParts>;

const ORDER = { id: 'order-1', childName: 'Mia', email: 'mia.parent@example.com', bookFormat: 'printed' as const };
const video = new File([new Uint8Array(30)], 'story.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 });
const planOf = (id: string): VideoUploadPlan => ({
  id,
  partSize: 10,
  parts: [1, 2, 3].map((partNumber) => ({ partNumber, url: `https://bucket.example/${id}?partNumber=${partNumber}` })),
});

/** Sends the parts not sent yet, telling each as the store takes it, as the real one does. */
function storeTakesEveryPart(sentTo: string[]) {
  sendParts.mockImplementation(async (_file, plan, onProgress, options: SendPartsOptions = {}) => {
    const earlier = options.alreadySent ?? [];
    const parts = plan.parts.map((part) => {
      const before = earlier.find((sent) => sent.partNumber === part.partNumber);
      if (before) return before;
      sentTo.push(`${plan.id}#${part.partNumber}`);
      const sent = { partNumber: part.partNumber, etag: `"${plan.id}-${part.partNumber}"` };
      options.onPartSent?.(sent);
      return sent;
    });
    onProgress(30);
    return parts;
  });
}

const completed = (field: string | null = null, message = '') => ({
  data: {
    completeOrderWithVideo: {
      __typename: 'CompleteOrderWithVideoPayload',
      order: field ? null : { ...orderDetail(), status: 'Completed' },
      userErrors: field ? [{ __typename: 'UserError', code: 'NOT_FOUND', field, message }] : [],
    },
  },
});

function orderDetail() {
  return { __typename: 'Order', id: ORDER.id, email: ORDER.email };
}

function deliver(
  handlers: Record<string, FakeHandler>,
  expire = jest.fn(),
  onProgress: (fraction: number | null) => void = () => {},
) {
  const client = createApolloClient({ fetch: fakeGraphqlFetch(handlers) });
  const session = { expire } as unknown as AdminSession;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApolloProvider client={client}>
      <AdminSessionContext.Provider value={session}>{children}</AdminSessionContext.Provider>
    </ApolloProvider>
  );
  const { result } = renderHook(() => useUploadVideo(), { wrapper });
  return result.current(ORDER, { video, pdf: null }, 'complete', false, onProgress, true);
}

const started = (id: string) => () => ({
  data: {
    startVideoUpload: {
      __typename: 'StartVideoUploadPayload',
      upload: { __typename: 'VideoUpload', ...planOf(id) },
      userErrors: [],
    },
  },
});

beforeEach(() => {
  localStorage.clear();
  sendParts.mockReset();
});

describe('delivering a video sent straight to storage', () => {
  it("picks up this browser's unfinished upload of the same file: no new upload, only the parts missing", async () => {
    const kept = keepUnfinishedUpload(ORDER.id, video, planOf('earlier'));
    recordSentPart(kept, { partNumber: 1, etag: '"earlier-1"' });
    const sentTo: string[] = [];
    storeTakesEveryPart(sentTo);
    const asked: string[] = [];
    let delivered: unknown = null;
    const outcome = await deliver({
      StartVideoUpload: () => asked.push('StartVideoUpload') && started('new')(),
      CompleteOrderWithVideo: ({ variables }) => {
        delivered = variables.uploadedVideo;
        return completed();
      },
      AbortVideoUpload: () => asked.push('AbortVideoUpload') && {},
    });

    expect(outcome).toMatchObject({ ok: true });
    expect(asked).toEqual([]);
    expect(sentTo).toEqual(['earlier#2', 'earlier#3']);
    expect(delivered).toEqual({
      uploadId: 'earlier',
      parts: [1, 2, 3].map((partNumber) => ({ partNumber, etag: `"earlier-${partNumber}"` })),
    });
    expect(unfinishedUploadOf(ORDER.id, video)).toBeNull();
  });

  it.each([
    ['the store refuses its parts', 'store'],
    ['the shop refuses its delivery', 'shop'],
  ])('starts afresh, without asking for the file again, when %s (given up meanwhile)', async (_, refusedBy) => {
    keepUnfinishedUpload(ORDER.id, video, planOf('earlier'));
    const sentTo: string[] = [];
    storeTakesEveryPart(sentTo);
    if (refusedBy === 'store') {
      const takes = sendParts.getMockImplementation()!;
      sendParts.mockImplementationOnce(async () => {
        throw new PartUploadError(1, 'Part 1 was refused (404).', { final: true });
      });
      sendParts.mockImplementation(takes);
    }
    const asked: string[] = [];
    const deliveries: unknown[] = [];
    const outcome = await deliver({
      StartVideoUpload: () => asked.push('StartVideoUpload') && started('new')(),
      CompleteOrderWithVideo: ({ variables }) => {
        deliveries.push((variables.uploadedVideo as { uploadId: string }).uploadId);
        return (variables.uploadedVideo as { uploadId: string }).uploadId === 'earlier'
          ? completed('uploadedVideo.uploadId', 'This video upload has expired or was cancelled: please upload the video again.')
          : completed();
      },
      AbortVideoUpload: ({ variables }) => asked.push(`AbortVideoUpload ${String(variables.uploadId)}`) && {},
    });

    expect(outcome).toMatchObject({ ok: true });
    expect(asked).toEqual(['AbortVideoUpload earlier', 'StartVideoUpload']);
    expect(deliveries).toEqual(refusedBy === 'store' ? ['new'] : ['earlier', 'new']);
    expect(sentTo.filter((part) => part.startsWith('new#'))).toEqual(['new#1', 'new#2', 'new#3']);
    expect(unfinishedUploadOf(ORDER.id, video)).toBeNull();
  });

  it("sends nothing, and says why, while another tab of this browser delivers the order's book", async () => {
    const kept = keepUnfinishedUpload(ORDER.id, video, planOf('elsewhere'));
    Object.defineProperty(navigator, 'locks', {
      value: {
        request: (_name: string, _options: LockOptions, callback: (lock: Lock | null) => unknown) =>
          Promise.resolve(callback(null)),
      },
      configurable: true,
    });
    try {
      const asked: string[] = [];
      const outcome = await deliver({
        StartVideoUpload: () => asked.push('StartVideoUpload') && started('new')(),
        CompleteOrderWithVideo: () => asked.push('CompleteOrderWithVideo') && completed(),
        AbortVideoUpload: () => asked.push('AbortVideoUpload') && {},
      });
      expect(outcome).toEqual({ ok: false, message: UPLOAD_MESSAGES.uploadingElsewhere });
      expect(asked).toEqual([]);
      expect(sendParts).not.toHaveBeenCalled();
      // The other tab's upload is left to it.
      expect(unfinishedUploadOf(ORDER.id, video)).toEqual(kept);
    } finally {
      delete (navigator as { locks?: unknown }).locks;
    }
  });

  it('keeps the upload for after a new sign-in when the session ran out at the delivery', async () => {
    const sentTo: string[] = [];
    storeTakesEveryPart(sentTo);
    const expire = jest.fn();
    const asked: string[] = [];
    const outcome = await deliver(
      {
        StartVideoUpload: started('new'),
        CompleteOrderWithVideo: () => ({
          errors: [{ message: 'Please sign in.', extensions: { code: 'UNAUTHENTICATED' } }],
        }),
        AbortVideoUpload: () => asked.push('AbortVideoUpload') && {},
      },
      expire,
    );

    expect(outcome).toEqual({ expired: true });
    expect(expire).toHaveBeenCalled();
    expect(asked).toEqual([]);
    expect(unfinishedUploadOf(ORDER.id, video)?.sent.map((part) => part.partNumber)).toEqual([1, 2, 3]);
  });

  it('discards the upload, and forgets it, when the delivery is refused for another reason', async () => {
    storeTakesEveryPart([]);
    const asked: string[] = [];
    const outcome = await deliver({
      StartVideoUpload: started('new'),
      CompleteOrderWithVideo: () => completed('storybookPdf', 'A digital order needs its storybook PDF.'),
      AbortVideoUpload: ({ variables }) => asked.push(`AbortVideoUpload ${String(variables.uploadId)}`) && {},
    });
    expect(outcome).toEqual({ ok: false, message: 'A digital order needs its storybook PDF.' });
    await Promise.resolve();
    expect(asked).toEqual(['AbortVideoUpload new']);
    expect(unfinishedUploadOf(ORDER.id, video)).toBeNull();
  });

  describe('when the store gives the page no answer it may read (its CORS rule, or no way to it)', () => {
    /** The store never answers this page: every part fails as sendVideoParts reports it. */
    const storeNeverAnswers = (takenFirst = 0) =>
      sendParts.mockImplementation(async (_file, _plan, _onProgress, options: SendPartsOptions = {}) => {
        for (let partNumber = 1; partNumber <= takenFirst; partNumber += 1) {
          options.onPartSent?.({ partNumber, etag: `"new-${partNumber}"` });
        }
        throw new PartUploadError(takenFirst + 1, `Part ${takenFirst + 1} got no answer from the file store.`, {
          unanswered: true,
        });
      });

    it('sends the video through the shop instead, discards the upload begun, and reports progress afresh', async () => {
      storeNeverAnswers();
      const asked: string[] = [];
      const deliveries: Array<{ uploadedVideo: unknown; video: File | undefined }> = [];
      const progress: Array<number | null> = [];
      const outcome = await deliver(
        {
          StartVideoUpload: () => asked.push('StartVideoUpload') && started('new')(),
          CompleteOrderWithVideo: ({ variables, files, init }) => {
            deliveries.push({ uploadedVideo: variables.uploadedVideo, video: Object.values(files)[0] });
            init.onUploadProgress?.({ loaded: 15, total: 30 });
            return completed();
          },
          AbortVideoUpload: ({ variables }) => asked.push(`AbortVideoUpload ${String(variables.uploadId)}`) && {},
        },
        jest.fn(),
        (fraction) => progress.push(fraction),
      );

      expect(outcome).toEqual({
        ok: true,
        message: `Video uploaded successfully. The email to ${ORDER.email} is queued in the outbox, not sent: e-mail sending is not set up.`,
      });
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0].uploadedVideo).toBeNull();
      expect(deliveries[0].video?.name).toBe('story.mp4');
      expect(deliveries[0].video?.size).toBe(video.size);
      await Promise.resolve();
      expect(asked).toEqual(['StartVideoUpload', 'AbortVideoUpload new']);
      expect(progress).toEqual([0, 0.5]);
      expect(unfinishedUploadOf(ORDER.id, video)).toBeNull();
    });

    it.each([
      [
        'the store had taken parts of it before',
        () => {
          storeNeverAnswers(1);
        },
      ],
      [
        'the store answered with a refusal',
        () => {
          sendParts.mockImplementation(async () => {
            throw new PartUploadError(1, 'Part 1 was refused (403).');
          });
        },
      ],
      [
        'the browser is offline: the shop would not answer either',
        () => {
          storeNeverAnswers();
          const offline = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
          return () => offline.mockRestore();
        },
      ],
    ])('tells the admin, and delivers nothing, when %s', async (_, arrange: () => (() => void) | void) => {
      const undo = arrange();
      try {
        const asked: string[] = [];
        const outcome = await deliver({
          StartVideoUpload: started('new'),
          CompleteOrderWithVideo: () => asked.push('CompleteOrderWithVideo') && completed(),
          AbortVideoUpload: ({ variables }) => asked.push(`AbortVideoUpload ${String(variables.uploadId)}`) && {},
        });

        expect(outcome).toEqual({ ok: false, message: UPLOAD_MESSAGES.storageError });
        await Promise.resolve();
        expect(asked).toEqual(['AbortVideoUpload new']);
      } finally {
        undo?.();
      }
    });

    it('tells the admin, and delivers nothing, when parts of the upload picked up had been taken before', async () => {
      const kept = keepUnfinishedUpload(ORDER.id, video, planOf('earlier'));
      recordSentPart(kept, { partNumber: 1, etag: '"earlier-1"' });
      sendParts.mockImplementation(async () => {
        throw new PartUploadError(2, 'Part 2 got no answer from the file store.', { unanswered: true });
      });
      const asked: string[] = [];
      const outcome = await deliver({
        StartVideoUpload: () => asked.push('StartVideoUpload') && started('new')(),
        CompleteOrderWithVideo: () => asked.push('CompleteOrderWithVideo') && completed(),
        AbortVideoUpload: ({ variables }) => asked.push(`AbortVideoUpload ${String(variables.uploadId)}`) && {},
      });
      expect(outcome).toEqual({ ok: false, message: UPLOAD_MESSAGES.storageError });
      await Promise.resolve();
      expect(asked).toEqual(['AbortVideoUpload earlier']);
    });

    it("goes through the shop from an unfinished upload whose parts the store's rule now hides", async () => {
      const kept = keepUnfinishedUpload(ORDER.id, video, planOf('earlier'));
      recordSentPart(kept, { partNumber: 1, etag: '"earlier-1"' });
      sendParts.mockImplementation(async () => {
        throw new PartUploadError(2, 'Part 2 came back without its ETag.', { final: true, unanswered: true });
      });
      const asked: string[] = [];
      const deliveries: unknown[] = [];
      const outcome = await deliver({
        StartVideoUpload: () => asked.push('StartVideoUpload') && started('new')(),
        CompleteOrderWithVideo: ({ variables }) => {
          deliveries.push(variables.uploadedVideo);
          return completed();
        },
        AbortVideoUpload: ({ variables }) => asked.push(`AbortVideoUpload ${String(variables.uploadId)}`) && {},
      });

      expect(outcome).toMatchObject({ ok: true });
      // Picked up, refused for good: a new upload, which the store does not answer either; then the shop.
      expect(asked).toEqual(['AbortVideoUpload earlier', 'StartVideoUpload', 'AbortVideoUpload new']);
      expect(deliveries).toEqual([null]);
    });
  });

  describe('when the shop refuses to start the upload', () => {
    const refusedStart = (code: string, message: string) => () => ({
      data: {
        startVideoUpload: {
          __typename: 'StartVideoUploadPayload',
          upload: null,
          userErrors: [{ __typename: 'UserError', code, field: null, message }],
        },
      },
    });

    it("sends the video with the delivery, not a part to the store, when the store's rules keep the page out", async () => {
      const deliveries: Array<{ uploadedVideo: unknown; video: File | undefined }> = [];
      const outcome = await deliver({
        StartVideoUpload: refusedStart('NOT_AVAILABLE', "The file store's CORS rules do not let the admin portal upload to it."),
        CompleteOrderWithVideo: ({ variables, files }) => {
          deliveries.push({ uploadedVideo: variables.uploadedVideo, video: Object.values(files)[0] });
          return completed();
        },
      });

      expect(outcome).toMatchObject({ ok: true });
      expect(sendParts).not.toHaveBeenCalled();
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0].uploadedVideo).toBeNull();
      expect(deliveries[0].video?.size).toBe(video.size);
      expect(unfinishedUploadOf(ORDER.id, video)).toBeNull();
    });

    it('tells the admin why, and delivers nothing, for any other refusal', async () => {
      const asked: string[] = [];
      const outcome = await deliver({
        StartVideoUpload: refusedStart('INVALID_INPUT', 'Please upload an MP4, MOV or WebM video.'),
        CompleteOrderWithVideo: () => asked.push('CompleteOrderWithVideo') && completed(),
      });

      expect(outcome).toEqual({ ok: false, message: 'Please upload an MP4, MOV or WebM video.' });
      expect(sendParts).not.toHaveBeenCalled();
      expect(asked).toEqual([]);
    });
  });
});
