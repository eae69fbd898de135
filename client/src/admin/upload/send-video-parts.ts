import { type XhrRequestInit, xhrFetch } from '../../xhr-fetch';

/** What startVideoUpload planned: part n is bytes [(n - 1) x partSize, n x partSize) of the file. */
export interface VideoUploadPlan {
  id: string;
  partSize: number;
  parts: ReadonlyArray<{ partNumber: number; url: string }>;
}

export interface SentPart {
  partNumber: number;
  etag: string;
}

/** A part the store would not take, or whose answer the browser may not read (the bucket's CORS rule). */
export class PartUploadError extends Error {
  /** Trying again would fail the same way. */
  readonly final: boolean;
  /**
   * The page got no answer from the store it may read: the bucket's CORS rule does not let this
   * site in (or hides the ETag), or the line would not carry the request. Not a refusal the store
   * gave the page (a status), which the shop's own request would meet too.
   */
  readonly unanswered: boolean;

  constructor(
    readonly partNumber: number,
    message: string,
    { final = false, unanswered = false }: { final?: boolean; unanswered?: boolean } = {},
  ) {
    super(message);
    this.name = 'PartUploadError';
    this.final = final;
    this.unanswered = unanswered;
  }
}

export interface SendPartsOptions {
  /** Parts in flight at once: enough to fill the line, few enough to keep memory and sockets low. */
  concurrency?: number;
  /** Tries per part: a dropped connection on one part of a long upload should not cost the whole file. */
  attempts?: number;
  /** The pause before try n + 1 (n from 1): long enough for a phone's or a train's line to come back. */
  pauseMs?: (attempt: number) => number;
  /** How the pause is waited, for tests. */
  wait?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
  /** Parts an earlier try of this upload already sent (a page reloaded mid-upload): not sent again. */
  alreadySent?: readonly SentPart[];
  /** Told of each part as the store takes it, so a later try can pick up from there. */
  onPartSent?: (part: SentPart) => void;
  /** The request, for tests. */
  send?: (url: string, init: XhrRequestInit) => Promise<Response>;
}

/** The first bytes of the file, in base64, for the shop to judge it before a part goes up. */
export async function fileHead(file: Blob, bytes = 64): Promise<string> {
  const head = new Uint8Array(await file.slice(0, bytes).arrayBuffer());
  let binary = '';
  for (const byte of head) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Sends `file` to the bucket in the planned parts, each a PUT of a slice (the browser reads it
 * from disk as it goes, so a 2 GB video is never in memory), and reports the bytes sent so far
 * across all parts (those `alreadySent` counted from the start). Returns every part's ETag, which
 * completing the upload needs.
 */
export async function sendVideoParts(
  file: Blob,
  plan: VideoUploadPlan,
  onProgress: (sentBytes: number) => void,
  {
    concurrency = 3,
    attempts = 4,
    pauseMs = (attempt) => 2000 * 3 ** (attempt - 1),
    wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    signal,
    alreadySent = [],
    onPartSent,
    send = xhrFetch,
  }: SendPartsOptions = {},
): Promise<SentPart[]> {
  const sentByPart = new Map<number, number>();
  const report = () => onProgress([...sentByPart.values()].reduce((sum, bytes) => sum + bytes, 0));
  /** Part n's bytes of the file. */
  const sliceOf = (partNumber: number) => {
    const start = (partNumber - 1) * plan.partSize;
    return file.slice(start, Math.min(start + plan.partSize, file.size));
  };
  const planned = new Set(plan.parts.map((part) => part.partNumber));
  const done: SentPart[] = alreadySent.filter((part) => planned.has(part.partNumber));
  for (const part of done) sentByPart.set(part.partNumber, sliceOf(part.partNumber).size);
  if (done.length > 0) report();
  const sentBefore = new Set(done.map((part) => part.partNumber));
  const queue = plan.parts.filter((part) => !sentBefore.has(part.partNumber));

  async function sendPart(part: VideoUploadPlan['parts'][number]): Promise<void> {
    const body = sliceOf(part.partNumber);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const response = await send(part.url, {
          method: 'PUT',
          body,
          signal,
          onUploadProgress: ({ loaded }) => {
            sentByPart.set(part.partNumber, loaded);
            report();
          },
        });
        if (!response.ok) {
          // 404: the store no longer knows the upload (given up or swept), and never will again.
          throw new PartUploadError(part.partNumber, `Part ${part.partNumber} was refused (${response.status}).`, {
            final: response.status === 404,
          });
        }
        const etag = response.headers.get('ETag');
        // Not a passing fault: the bucket's CORS rule does not expose the header.
        if (!etag) {
          throw new PartUploadError(part.partNumber, `Part ${part.partNumber} came back without its ETag.`, {
            final: true,
            unanswered: true,
          });
        }
        sentByPart.set(part.partNumber, body.size);
        report();
        done.push({ partNumber: part.partNumber, etag });
        onPartSent?.({ partNumber: part.partNumber, etag });
        return;
      } catch (error) {
        sentByPart.set(part.partNumber, 0);
        report();
        if (signal?.aborted) throw error;
        // xhrFetch's TypeError: no answer at all, or one the bucket's CORS rule keeps from the page.
        const failure =
          error instanceof TypeError
            ? new PartUploadError(part.partNumber, `Part ${part.partNumber} got no answer from the file store.`, {
                unanswered: true,
              })
            : error;
        if (attempt >= attempts || (failure instanceof PartUploadError && failure.final)) throw failure;
        await wait(pauseMs(attempt));
      }
    }
  }

  async function worker(): Promise<void> {
    for (let part = queue.shift(); part; part = queue.shift()) await sendPart(part);
  }

  const workers = Array.from({ length: Math.min(concurrency, queue.length) }, () => worker());
  try {
    await Promise.all(workers);
  } catch (error) {
    // One part failed for good: the others stop taking new parts, and what they send is discarded anyway.
    queue.length = 0;
    await Promise.allSettled(workers);
    throw error;
  }
  return done.sort((a, b) => a.partNumber - b.partNumber);
}
