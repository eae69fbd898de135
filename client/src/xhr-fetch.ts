/**
 * A `fetch` built on XMLHttpRequest, because fetch cannot report how much of a request body
 * has been sent and XHR can. Apollo's upload link calls it for every request; an operation
 * that wants upload progress passes `context: { fetchOptions: { onUploadProgress } }`, which
 * the link merges into `init`. Everything else behaves like the platform's fetch: method,
 * headers, body, credentials, abort signal, and a real `Response` (status, headers, text, json).
 */

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** The body's size in bytes, when the browser knows it (0 otherwise). */
  total: number;
}

export interface XhrRequestInit extends RequestInit {
  onUploadProgress?: (progress: UploadProgress) => void;
}

// Statuses whose responses never carry a body: `new Response(body, ...)` refuses one.
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    // A header the browser cannot represent (rare) must not lose the whole response.
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      /* skipped */
    }
  }
  return headers;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export function xhrFetch(input: RequestInfo | URL, init: XhrRequestInit = {}): Promise<Response> {
  const { signal, onUploadProgress } = init;
  if (signal?.aborted) return Promise.reject(abortError(signal));

  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const request = typeof Request !== 'undefined' && input instanceof Request ? input : null;
    xhr.open(init.method ?? request?.method ?? 'GET', urlOf(input), true);
    // Same-origin requests carry cookies either way; 'include' also sends them cross-origin.
    xhr.withCredentials = (init.credentials ?? request?.credentials) === 'include';
    xhr.responseType = 'arraybuffer';

    new Headers(init.headers ?? request?.headers).forEach((value, name) => xhr.setRequestHeader(name, value));

    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.onload = () => {
      settle();
      const body = NULL_BODY_STATUSES.has(xhr.status) ? null : (xhr.response as ArrayBuffer | null);
      const response = new Response(body, {
        status: xhr.status,
        statusText: xhr.statusText,
        headers: parseHeaders(xhr.getAllResponseHeaders()),
      });
      // fetch sets the final URL (after redirects); the constructor cannot.
      Object.defineProperty(response, 'url', { value: xhr.responseURL || urlOf(input) });
      resolve(response);
    };
    // Like fetch, a failure to reach the server is a TypeError; an HTTP error status is not.
    xhr.onerror = () => {
      settle();
      reject(new TypeError('Failed to fetch'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(signal ? abortError(signal) : new DOMException('The operation was aborted.', 'AbortError'));
    };

    // Listening on xhr.upload at all can force a CORS preflight: only when someone asks.
    if (onUploadProgress) {
      xhr.upload.onprogress = (event) =>
        onUploadProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    }

    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
