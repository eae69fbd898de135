import type { DirectUploads } from './storage';
import { checkVideoUploadAccess } from './upload-access-check';

function logger() {
  const lines: Array<[string, string, unknown]> = [];
  return {
    lines,
    info: (message: string, fields?: unknown) => void lines.push(['info', message, fields]),
    warn: (message: string, fields?: unknown) => void lines.push(['warn', message, fields]),
  };
}

const storage = (browserAccess: DirectUploads['browserAccess']) => ({
  describe: () => 's3://media',
  directUploads: { origin: 'https://media.s3.eu-west-2.amazonaws.com', browserAccess } as unknown as DirectUploads,
});

describe("the start-up check of the bucket's CORS rules", () => {
  it("warns, naming the fix, when the rules would refuse the admin portal's uploads", async () => {
    const log = logger();
    const asked: string[] = [];
    const access = storage(async (origin) => {
      asked.push(origin);
      return 'not allowed';
    });
    expect(await checkVideoUploadAccess(access, 'https://shop.example.com/', log)).toBe('not allowed');
    expect(asked).toEqual(['https://shop.example.com']);
    expect(log.lines).toEqual([
      [
        'warn',
        expect.stringMatching(
          /add a rule allowing PUT from the shop's origin and exposing ETag .* or set S3_DIRECT_UPLOADS=false/,
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
    expect(
      await checkVideoUploadAccess(
        storage(async () => 'allowed'),
        'https://shop.example.com',
        allowed,
      ),
    ).toBe('allowed');
    expect(allowed.lines.map(([level]) => level)).toEqual(['info']);
    const unreadable = logger();
    const failing = storage(async () => {
      throw new Error('socket hang up');
    });
    expect(await checkVideoUploadAccess(failing, 'https://shop.example.com', unreadable)).toBe('unknown');
    expect(unreadable.lines).toEqual([
      ['info', expect.stringMatching(/could not read the bucket's CORS rules/), expect.anything()],
    ]);
  });

  it('asks nothing where videos come through the shop', async () => {
    const log = logger();
    expect(
      await checkVideoUploadAccess({ describe: () => 'local disk', directUploads: undefined }, 'http://localhost:4000', log),
    ).toBe('skipped');
    expect(log.lines).toEqual([]);
  });
});
