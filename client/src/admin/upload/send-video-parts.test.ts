import type { XhrRequestInit } from '../../xhr-fetch';
import { fileHead, PartUploadError, sendVideoParts, type VideoUploadPlan } from './send-video-parts';

const bytes = (length: number) => new Blob([new Uint8Array(Array.from({ length }, (_, index) => index % 251))]);
const plan = (size: number, partSize: number): VideoUploadPlan => ({
  id: 'upload-1',
  partSize,
  parts: Array.from({ length: Math.ceil(size / partSize) }, (_, index) => ({
    partNumber: index + 1,
    url: `https://bucket.example/videos/a.mp4?partNumber=${index + 1}&X-Amz-Signature=abc`,
  })),
});
const etagOf = (url: string) => `"etag-${new URL(url).searchParams.get('partNumber')}"`;

/** What the part sender reads of an answer (jsdom has no Response). */
const answer = (status: number, headers: Record<string, string> = {}) =>
  ({
    ok: status >= 200 && status < 300,
    status,
    headers: {
      get: (name: string) => headers[Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase()) ?? ''] ?? null,
    },
  }) as unknown as Response;

interface Sent {
  url: string;
  init: XhrRequestInit;
  body: Uint8Array;
}

/** A store that takes every PUT, reporting its progress halfway and at the end, as the browser does. */
function acceptingStore(sent: Sent[] = []) {
  return async (url: string, init: XhrRequestInit): Promise<Response> => {
    const body = new Uint8Array(await (init.body as Blob).arrayBuffer());
    sent.push({ url, init, body });
    init.onUploadProgress?.({ loaded: Math.floor(body.length / 2), total: body.length });
    init.onUploadProgress?.({ loaded: body.length, total: body.length });
    return answer(200, { ETag: etagOf(url) });
  };
}

describe('sending a video to storage in parts', () => {
  it('PUTs each slice of the file to its own signed URL and returns every part with its ETag, in order', async () => {
    const file = bytes(25);
    const sent: Sent[] = [];
    const parts = await sendVideoParts(file, plan(25, 10), () => {}, { send: acceptingStore(sent) });

    expect(parts).toEqual([
      { partNumber: 1, etag: '"etag-1"' },
      { partNumber: 2, etag: '"etag-2"' },
      { partNumber: 3, etag: '"etag-3"' },
    ]);
    expect(sent.every((request) => request.init.method === 'PUT')).toBe(true);
    const byPart = new Map(sent.map((request) => [new URL(request.url).searchParams.get('partNumber'), request.body]));
    const whole = new Uint8Array(await file.arrayBuffer());
    expect(byPart.get('1')).toEqual(whole.subarray(0, 10));
    expect(byPart.get('2')).toEqual(whole.subarray(10, 20));
    expect(byPart.get('3')).toEqual(whole.subarray(20, 25));
  });

  it('sends only the parts an earlier try did not, counts those from the start, and tells each new one as it is taken', async () => {
    const file = bytes(25);
    const sent: Sent[] = [];
    const progress: number[] = [];
    const told: Array<{ partNumber: number; etag: string }> = [];
    const parts = await sendVideoParts(file, plan(25, 10), (bytesSent) => progress.push(bytesSent), {
      send: acceptingStore(sent),
      alreadySent: [{ partNumber: 2, etag: '"etag-2-earlier"' }],
      onPartSent: (part) => told.push(part),
    });

    expect(sent.map((request) => new URL(request.url).searchParams.get('partNumber')).sort()).toEqual(['1', '3']);
    expect(parts).toEqual([
      { partNumber: 1, etag: '"etag-1"' },
      { partNumber: 2, etag: '"etag-2-earlier"' },
      { partNumber: 3, etag: '"etag-3"' },
    ]);
    expect(told.map((part) => part.partNumber).sort()).toEqual([1, 3]);
    expect(progress[0]).toBe(10);
    expect(progress.at(-1)).toBe(25);
  });

  it('has nothing to send when an earlier try sent every part', async () => {
    const sent: Sent[] = [];
    const earlier = [1, 2, 3].map((partNumber) => ({ partNumber, etag: `"etag-${partNumber}"` }));
    const progress: number[] = [];
    const parts = await sendVideoParts(bytes(25), plan(25, 10), (bytesSent) => progress.push(bytesSent), {
      send: acceptingStore(sent),
      alreadySent: earlier,
    });
    expect(sent).toEqual([]);
    expect(parts).toEqual(earlier);
    expect(progress).toEqual([25]);
  });

  it('reports the bytes sent across all parts, up to the whole file', async () => {
    const reports: number[] = [];
    await sendVideoParts(bytes(25), plan(25, 10), (sent) => reports.push(sent), { send: acceptingStore(), concurrency: 1 });
    expect(reports).toEqual([5, 10, 10, 15, 20, 20, 22, 25, 25]);
  });

  it('keeps at most `concurrency` parts in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const store = acceptingStore();
    await sendVideoParts(bytes(100), plan(100, 10), () => {}, {
      concurrency: 3,
      send: async (url, init) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        const response = await store(url, init);
        inFlight -= 1;
        return response;
      },
    });
    expect(most).toBe(3);
  });

  it('tries a part again after a dropped connection or a refusal, pausing longer each time, and counts its bytes once', async () => {
    const failures = new Map([[2, 2]]);
    const store = acceptingStore();
    const reports: number[] = [];
    const pauses: number[] = [];
    const parts = await sendVideoParts(bytes(20), plan(20, 10), (sent) => reports.push(sent), {
      concurrency: 1,
      wait: async (ms) => void pauses.push(ms),
      send: async (url, init) => {
        const partNumber = Number(new URL(url).searchParams.get('partNumber'));
        const left = failures.get(partNumber) ?? 0;
        if (left > 0) {
          failures.set(partNumber, left - 1);
          init.onUploadProgress?.({ loaded: 7, total: 10 });
          if (left === 2) throw new TypeError('Failed to fetch');
          return answer(400);
        }
        return store(url, init);
      },
    });
    expect(parts.map((part) => part.partNumber)).toEqual([1, 2]);
    // 2 s, then 6 s: a line that drops for a few seconds does not cost the whole upload.
    expect(pauses).toEqual([2000, 6000]);
    expect(reports.at(-1)).toBe(20);
    expect(Math.max(...reports)).toBe(20);
  });

  it('gives up on a part that keeps failing, and sends no further parts', async () => {
    const asked: string[] = [];
    const pauses: number[] = [];
    const sending = sendVideoParts(bytes(50), plan(50, 10), () => {}, {
      concurrency: 1,
      wait: async (ms) => void pauses.push(ms),
      send: async (url) => {
        asked.push(new URL(url).searchParams.get('partNumber')!);
        return answer(403);
      },
    });
    await expect(sending).rejects.toBeInstanceOf(PartUploadError);
    // Four tries over 26 s of pauses, then the upload gives up.
    expect(asked).toEqual(['1', '1', '1', '1']);
    expect(pauses).toEqual([2000, 6000, 18000]);
  });

  it('stops at once when the store hides the ETag (the bucket CORS rule must expose it): trying again cannot help', async () => {
    const asked: string[] = [];
    const sending = sendVideoParts(bytes(20), plan(20, 10), () => {}, {
      concurrency: 1,
      send: async (url) => {
        asked.push(url);
        return answer(200);
      },
    });
    await expect(sending).rejects.toMatchObject({ final: true, unanswered: true, message: 'Part 1 came back without its ETag.' });
    expect(asked).toHaveLength(1);
  });

  it('gives up on a part that never gets an answer (no line, or a CORS rule that keeps the page out), saying so', async () => {
    const asked: string[] = [];
    const sending = sendVideoParts(bytes(20), plan(20, 10), () => {}, {
      concurrency: 1,
      wait: async () => {},
      send: async (url) => {
        asked.push(new URL(url).searchParams.get('partNumber')!);
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(sending).rejects.toMatchObject({
      name: 'PartUploadError',
      partNumber: 1,
      final: false,
      unanswered: true,
      message: 'Part 1 got no answer from the file store.',
    });
    expect(asked).toEqual(['1', '1', '1', '1']);
  });

  it('tells a refusal the store gave the page apart from no answer at all', async () => {
    const sending = sendVideoParts(bytes(20), plan(20, 10), () => {}, {
      concurrency: 1,
      wait: async () => {},
      send: async () => answer(403),
    });
    await expect(sending).rejects.toMatchObject({ final: false, unanswered: false, message: 'Part 1 was refused (403).' });
  });

  it('passes an abort on as it is, without trying again', async () => {
    const controller = new AbortController();
    const asked: string[] = [];
    const sending = sendVideoParts(bytes(20), plan(20, 10), () => {}, {
      concurrency: 1,
      signal: controller.signal,
      send: async (url) => {
        asked.push(url);
        controller.abort();
        throw new DOMException('The operation was aborted.', 'AbortError');
      },
    });
    await expect(sending).rejects.toMatchObject({ name: 'AbortError' });
    expect(asked).toHaveLength(1);
  });

  it('reads the first 64 bytes as base64, for the shop to judge the file before a part goes up', async () => {
    const file = bytes(100);
    const head = await fileHead(file);
    expect(Uint8Array.from(atob(head), (char) => char.charCodeAt(0))).toEqual(
      new Uint8Array(await file.arrayBuffer()).subarray(0, 64),
    );
    expect(atob(await fileHead(bytes(5)))).toHaveLength(5);
  });
});
