import type { BrowserAccess, DirectUploads } from './storage';
import { VideoUploadAccess } from './upload-access-check';

function logger() {
  const lines: Array<[string, string, unknown]> = [];
  return {
    lines,
    info: (message: string, fields?: unknown) => void lines.push(['info', message, fields]),
    warn: (message: string, fields?: unknown) => void lines.push(['warn', message, fields]),
  };
}

const storage = (browserAccess: DirectUploads['browserAccess'], rulesMetByBrowsers = true) => ({
  describe: () => 's3://media',
  directUploads: {
    origin: 'https://media.s3.eu-west-2.amazonaws.com',
    rulesMetByBrowsers,
    browserAccess,
  } as unknown as DirectUploads,
});

/** A bucket whose rules read as `answers` say, one reading after another (the last one stays). */
function bucketReading(...answers: Array<BrowserAccess | Error>) {
  return bucketReadingAt(true, ...answers);
}

/** The same, where browsers meet the rules read (`met`) or another address answers them. */
function bucketReadingAt(met: boolean, ...answers: Array<BrowserAccess | Error>) {
  const asked: string[] = [];
  const store = storage(async (origin) => {
    asked.push(origin);
    const answer = answers.length > 1 ? answers.shift()! : answers[0];
    if (answer instanceof Error) throw answer;
    return answer;
  }, met);
  return { store, asked };
}

describe("the start-up check of the bucket's CORS rules", () => {
  it("warns, naming the fix, when the rules would refuse the admin portal's uploads", async () => {
    const log = logger();
    const { store, asked } = bucketReading('not allowed');
    expect(await new VideoUploadAccess(store, 'https://shop.example.com/', log).check()).toBe('not allowed');
    expect(asked).toEqual(['https://shop.example.com']);
    expect(log.lines).toEqual([
      [
        'warn',
        expect.stringMatching(
          /come through the shop: add a rule allowing PUT from the shop's origin and exposing ETag .* or set S3_DIRECT_UPLOADS=false/,
        ),
        {
          bucket: 's3://media',
          pageOrigin: 'https://shop.example.com',
          uploadOrigin: 'https://media.s3.eu-west-2.amazonaws.com',
        },
      ],
    ]);
  });

  it('says so quietly when the rules allow them, or cannot be read', async () => {
    const allowed = logger();
    expect(await new VideoUploadAccess(bucketReading('allowed').store, 'https://shop.example.com', allowed).check()).toBe(
      'allowed',
    );
    expect(allowed.lines.map(([level]) => level)).toEqual(['info']);
    const unreadable = logger();
    const failing = bucketReading(new Error('socket hang up')).store;
    expect(await new VideoUploadAccess(failing, 'https://shop.example.com', unreadable).check()).toBe('unknown');
    expect(unreadable.lines).toEqual([
      ['info', expect.stringMatching(/could not read the bucket's CORS rules/), expect.anything()],
    ]);
  });

  it('asks nothing where videos come through the shop', async () => {
    const log = logger();
    const access = new VideoUploadAccess(
      { describe: () => 'local disk', directUploads: undefined },
      'http://localhost:4000',
      log,
    );
    expect(await access.check()).toBe('skipped');
    expect(await access.refused()).toBe(false);
    expect(log.lines).toEqual([]);
  });
});

describe('whether a delivery may send its video straight to the bucket', () => {
  it('answers from the last reading for a minute; after it, reads a "no" again before answering', async () => {
    let now = 0;
    const { store, asked } = bucketReading('not allowed', 'allowed');
    const log = logger();
    const access = new VideoUploadAccess(store, 'https://shop.example.com', log, { now: () => now, maxAgeMs: 60_000 });
    await access.check();

    now = 59_999;
    expect(await access.refused()).toBe(true);
    expect(asked).toHaveLength(1);
    // The rule was added meanwhile: the first delivery after the minute goes straight to the bucket.
    now = 60_000;
    expect(await access.refused()).toBe(false);
    expect(asked).toHaveLength(2);
    expect(log.lines.map(([level, message]) => [level, message])).toEqual([
      ['warn', expect.stringMatching(/^the bucket's CORS rules do not let the admin portal upload videos, so they come/)],
      ['info', 'the bucket now takes video uploads from the admin portal: they go straight to it again'],
    ]);
  });

  it('reads a "yes" again in the background, answering from it meanwhile', async () => {
    let now = 0;
    const { store, asked } = bucketReading('allowed', 'not allowed');
    const access = new VideoUploadAccess(store, 'https://shop.example.com', logger(), { now: () => now });
    await access.check();
    now = 60_000;
    expect(await access.refused()).toBe(false);
    expect(asked).toHaveLength(2);
    await access.check(); // the reading under way
    expect(access.knownRefused()).toBe(true);
  });

  it('only warns where browsers send to another address than the one the rules are read at', async () => {
    const log = logger();
    const { store } = bucketReadingAt(false, 'not allowed');
    const access = new VideoUploadAccess(store, 'https://shop.example.com', log);
    expect(await access.check()).toBe('not allowed');
    expect(await access.refused()).toBe(false);
    expect(access.knownRefused()).toBe(false);
    expect(log.lines).toEqual([
      ['warn', expect.stringMatching(/unless what answers at the upload address adds its own/), expect.anything()],
    ]);
  });

  it('says "again" only to a bucket that had kept the portal out', async () => {
    let now = 0;
    const log = logger();
    const { store } = bucketReading(new Error('socket hang up'), 'allowed');
    const access = new VideoUploadAccess(store, 'https://shop.example.com', log, { now: () => now });
    await access.check();
    now = 60_000;
    await access.check();
    expect(log.lines.map(([, message]) => message)).toEqual([
      expect.stringMatching(/^could not read the bucket's CORS rules/),
      'the bucket takes video uploads from the admin portal',
    ]);
  });

  it('reads once for deliveries that start together, and logs a reading only when it changed', async () => {
    let now = 0;
    let answer: (access: BrowserAccess) => void = () => {};
    const asked: string[] = [];
    const store = storage((origin) => {
      asked.push(origin);
      return new Promise((resolve) => (answer = resolve));
    });
    const log = logger();
    const access = new VideoUploadAccess(store, 'https://shop.example.com', log, { now: () => now });
    const first = [access.refused(), access.refused(), access.check()];
    answer('allowed');
    expect(await Promise.all(first)).toEqual([false, false, 'allowed']);
    expect(asked).toHaveLength(1);

    now = 120_000;
    const again = access.check();
    answer('allowed');
    await again;
    expect(asked).toHaveLength(2);
    expect(log.lines.map(([level]) => level)).toEqual(['info']);
  });

  it('keeps what it read before when a later reading fails', async () => {
    let now = 0;
    const { store } = bucketReading('not allowed', new Error('socket hang up'));
    const access = new VideoUploadAccess(store, 'https://shop.example.com', logger(), { now: () => now });
    await access.check();
    now = 60_000;
    expect(await access.check()).toBe('not allowed');
    expect(await access.refused()).toBe(true);
  });

  it('waits for the first reading a few seconds at most, then goes on as if it were unknown', async () => {
    const log = logger();
    const silent = storage(() => new Promise(() => {}));
    const access = new VideoUploadAccess(silent, 'https://shop.example.com', log, { readingWaitMs: 20 });
    expect(await access.refused()).toBe(false);
    expect(log.lines).toEqual([]);
  });

  it('leaves a "no" standing when the store no longer answers in time', async () => {
    let now = 0;
    let answers = 0;
    const store = storage(() => (answers++ === 0 ? Promise.resolve('not allowed') : new Promise(() => {})));
    const access = new VideoUploadAccess(store, 'https://shop.example.com', logger(), { now: () => now, readingWaitMs: 20 });
    await access.check();
    now = 60_000;
    expect(await access.refused()).toBe(true);
    expect(answers).toBe(2);
  });

  it('goes by the first reading when it comes back in time: a bucket that keeps the portal out is refused at once', async () => {
    const { store, asked } = bucketReading('not allowed');
    const access = new VideoUploadAccess(store, 'https://shop.example.com', logger());
    expect(await access.refused()).toBe(true);
    expect(asked).toHaveLength(1);
  });
});
