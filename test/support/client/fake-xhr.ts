/** A stand-in for XMLHttpRequest: records what was asked and lets a test play the server. */
type Listener = ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;

export class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  async: boolean | undefined;
  headers: Record<string, string> = {};
  withCredentials = false;
  responseType = '';
  body: unknown;
  status = 0;
  statusText = '';
  response: ArrayBuffer | null = null;
  responseURL = '';
  responseHeaders = '';
  aborted = false;
  upload: { onprogress: Listener } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }

  open(method: string, url: string, async?: boolean) {
    Object.assign(this, { method, url, async });
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  getAllResponseHeaders() {
    return this.responseHeaders;
  }

  send(body: unknown) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  // The server's side.
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }

  respond(status: number, body: string, headers: Record<string, string>, statusText = 'OK') {
    this.status = status;
    this.statusText = statusText;
    this.response = status === 204 ? null : (new TextEncoder().encode(body).buffer as ArrayBuffer);
    this.responseURL = this.url;
    this.responseHeaders = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    this.onload?.();
  }
}
