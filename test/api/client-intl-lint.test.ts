/**
 * The client builds no Intl formatter on its own: the first one a page builds loads the locale's
 * data, some 35 ms of a phone's main thread in the render the visitor waits on. The lint
 * (eslint.config.mjs) sends each such use to the hand-written en-US of ui/en-us.ts and
 * ui/formatPrice.ts.
 */
import { lintMessages } from '../support/lint-text';

const intlErrors = async (code: string, file: string) =>
  (await lintMessages(code, file, 'no-restricted-syntax')).filter((message) => /locale's data/.test(message));

describe("an Intl formatter in the client's code", () => {
  it('fails the lint wherever it is built, and each toLocale…String or localeCompare call with it', async () => {
    const code = [
      "const atImport = new Intl.NumberFormat('en-US');",
      "export function count(n: number) { return new Intl.NumberFormat('en-US').format(n); }",
      "export const list = (names: string[]) => new Intl.ListFormat('en').format(names);",
      'export const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;',
      "export const day = (date: Date) => date.toLocaleDateString('en-US');",
      "export const time = (date: Date) => date.toLocaleTimeString('en-US');",
      "export const amount = (n: number) => n.toLocaleString('en-US');",
      "export const sorted = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b, 'en'));",
      'export { atImport };',
    ].join('\n');
    expect(await intlErrors(code, 'client/src/admin/some-page.ts')).toHaveLength(8);
  }, 60_000);

  it("passes the hand-written en-US, and leaves the server's and the tests' own Intl alone", async () => {
    const client = [
      "import { formatCount, shortDateTime } from '../ui/en-us';",
      "import { formatPriceToTheCent } from '../ui/formatPrice';",
      'export const row = (n: number, at: Date) => `${formatCount(n)} ${shortDateTime(at)} ${formatPriceToTheCent(n)}`;',
    ].join('\n');
    expect(await intlErrors(client, 'client/src/admin/some-page.ts')).toEqual([]);
    const intl = "export const day = (date: Date) => new Intl.DateTimeFormat('en-US').format(date);";
    expect(await intlErrors(intl, 'client/src/ui/some-format.test.ts')).toEqual([]);
    expect(await intlErrors(intl, 'server/src/orders/some-format.ts')).toEqual([]);
  }, 60_000);
});
