import express from 'express';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { clientInlineHashes, hostClient, readClientBuild, type RouteQuery, type RunRouteQuery } from './client-hosting';

const SHELL = '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>';

const RECEIPT_QUERY = {
  operationName: 'Receipt',
  query: 'query Receipt($o: ID!, $s: String!) { receipt(orderId: $o, signature: $s) { id } }',
  variables: { s: ':signature', o: ':orderId' },
};

/**
 * A build with two browser-rendered routes: /receipt/:orderId/:signature, whose first query
 * (`receiptQuery`) takes both parameters, and /thanks/:orderId, which has none.
 */
function writeBuild(dist: string, receiptQuery: object = RECEIPT_QUERY, extra: object = {}): void {
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'shell.html'), SHELL);
  writeFileSync(path.join(dist, '404.html'), SHELL.replace('Shell', 'Not Found'));
  writeFileSync(
    path.join(dist, 'routes.json'),
    JSON.stringify({
      pages: [],
      clientRoutes: ['/receipt/:orderId/:signature', '/thanks/:orderId'],
      preloads: { '/receipt/:orderId/:signature': ['/assets/ReceiptPage-Aa11.js'] },
      shellPreloads: {
        modules: ['/assets/index-Bb22.js', '/assets/jsx-runtime-Cc33.js'],
        styles: [{ href: '/assets/style-Dd44.css', crossorigin: 'anonymous' }],
      },
      queries: { '/receipt/:orderId/:signature': receiptQuery },
      routeDataElementId: 'page-data',
      shell: 'shell.html',
      notFound: '404.html',
      ...extra,
    }),
  );
}

/** Serves the build with `run` answering the route's query, asks for `url`, and answers the page and what `run` was asked. */
async function pageWith(run: RunRouteQuery, url: string, budgetMs?: number, receiptQuery?: object) {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'storybook-hosting-'));
  writeBuild(dist, receiptQuery);
  const asked: RouteQuery[] = [];
  const warnings: { msg: string; fields?: Record<string, unknown> }[] = [];
  const ignore = () => undefined;
  const app = express();
  hostClient(app, {
    build: readClientBuild(dist),
    publicUrl: 'https://shop.example.com',
    logger: { debug: ignore, info: ignore, error: ignore, warn: (msg, fields) => warnings.push({ msg, fields }) },
    runRouteQuery: (req, res, request) => {
      asked.push(request);
      return run(req, res, request);
    },
    ...(budgetMs === undefined ? {} : { routeQueryBudgetMs: budgetMs }),
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}${url}`);
    return {
      status: response.status,
      cacheControl: response.headers.get('cache-control'),
      link: response.headers.get('link'),
      html: await response.text(),
      asked,
      warnings,
    };
  } finally {
    server.close();
    rmSync(dist, { recursive: true, force: true });
  }
}

describe("a browser-rendered page's first query", () => {
  it('fills each variable from the path parameter it names, decoded, in the block routes.json names', async () => {
    const { html, asked, cacheControl } = await pageWith(async () => ({ receipt: { id: 'o-1' } }), '/receipt/o-1/s%2Bg%3D');
    expect(asked).toEqual([
      {
        operationName: 'Receipt',
        query: 'query Receipt($o: ID!, $s: String!) { receipt(orderId: $o, signature: $s) { id } }',
        variables: { s: 's+g=', o: 'o-1' },
      },
    ]);
    expect(html).toContain(
      '<script type="application/json" id="page-data">{"operationName":"Receipt","variables":{"s":"s+g=","o":"o-1"},"data":{"receipt":{"id":"o-1"}}}</script></body>',
    );
    expect(cacheControl).toBe('no-store');
  });

  it('sends the page without the answer when it does not come within the budget', async () => {
    const { status, html, asked, cacheControl, warnings } = await pageWith(
      () => new Promise(() => undefined),
      '/receipt/o-1/sig',
      50,
    );
    expect(asked).toHaveLength(1);
    // The operator is told, by route: the path's secret is not in the log.
    expect(warnings).toEqual([
      {
        msg: 'a page went out without the answer to its first query; the browser asks for it itself',
        fields: { route: '/receipt/:orderId/:signature', operationName: 'Receipt', reason: 'no answer within 50 ms' },
      },
    ]);
    expect(status).toBe(200);
    expect(html).toBe(SHELL);
    // Sent with or without its answer, the page is one no cache may keep.
    expect(cacheControl).toBe('no-store');
  });

  it('sends the page without the answer when the query fails or has no data', async () => {
    const failed = await pageWith(() => Promise.reject(new Error('database down')), '/receipt/o-1/sig');
    expect(failed.status).toBe(200);
    expect(failed.html).toBe(SHELL);
    expect(failed.cacheControl).toBe('no-store');
    expect(failed.warnings).toEqual([
      expect.objectContaining({
        fields: expect.objectContaining({ reason: 'the query failed', error: new Error('database down') }),
      }),
    ]);
    // Answered with errors: the GraphQL server has logged them; the page shows what it is told.
    const none = await pageWith(async () => null, '/receipt/o-1/sig');
    expect(none.html).toBe(SHELL);
    expect(none.cacheControl).toBe('no-store');
    expect(none.warnings).toEqual([]);
  });

  it('asks nothing for a browser-rendered route no query is named for', async () => {
    const { status, html, asked, cacheControl } = await pageWith(async () => ({ receipt: null }), '/thanks/o-1');
    expect(status).toBe(200);
    expect(html).toBe(SHELL);
    expect(asked).toEqual([]);
    expect(cacheControl).toBe('no-cache');
  });

  it.each([
    ['a mutation', 'mutation Receipt($o: ID!) { cancelOrder(orderId: $o) { id } }'],
    ['a subscription', 'subscription Receipt { orderChanged { id } }'],
    ['a query beside a mutation', `${RECEIPT_QUERY.query} mutation Other { cancelOrder { id } }`],
    ['text that is not GraphQL', 'query Receipt {'],
  ])('refuses to start with %s as a first query: it would run for whoever opens the address', (_case, query) => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'storybook-hosting-'));
    try {
      writeBuild(dist, { ...RECEIPT_QUERY, query });
      expect(() => readClientBuild(dist)).toThrow('routes.json: the first query of /receipt/:orderId/:signature is not a query');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe("the pages' inline scripts and styles", () => {
  const SCRIPT = `sha256-${'a'.repeat(43)}=`;
  const STYLE = `sha256-${'B/+9'.repeat(10)}xyz=`;
  const withBuild = (extra: object | null, check: (dist: string) => void) => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'storybook-hosting-'));
    try {
      if (extra) writeBuild(dist, RECEIPT_QUERY, extra);
      check(dist);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  };

  it("are the build's hashes, for the policy; none without a build", () => {
    withBuild({ scriptHashes: [SCRIPT], styleHashes: [STYLE] }, (dist) =>
      expect(clientInlineHashes(readClientBuild(dist))).toEqual({ scripts: [SCRIPT], styles: [STYLE] }),
    );
    withBuild({}, (dist) => expect(clientInlineHashes(readClientBuild(dist))).toEqual({ scripts: [], styles: [] }));
    withBuild(null, (dist) => expect(clientInlineHashes(readClientBuild(dist))).toEqual({ scripts: [], styles: [] }));
  });

  it.each([["'unsafe-inline'"], [`${SCRIPT}; script-src *`], ['sha256-short=']])(
    "refuse to start with %s where a hash belongs: it would go into every page's policy",
    (hash) => {
      withBuild({ styleHashes: [hash] }, (dist) =>
        expect(() => clientInlineHashes(readClientBuild(dist))).toThrow(`routes.json: ${hash} is not a sha256 hash`),
      );
    },
  );
});

describe('the Link header of a browser-rendered page', () => {
  const SHELL_AND_CHUNKS =
    '</assets/index-Bb22.js>; rel=modulepreload, </assets/jsx-runtime-Cc33.js>; rel=modulepreload, ' +
    '</assets/style-Dd44.css>; rel=preload; as=style; crossorigin, </assets/ReceiptPage-Aa11.js>; rel=modulepreload';
  /** The receipt's cover is shown while it is paid, and once completed only for a printed book. */
  const WITH_COVER = {
    ...RECEIPT_QUERY,
    images: [
      {
        url: 'receipt.cover.url',
        when: [{ 'receipt.status': 'Paid' }, { 'receipt.status': 'Completed', 'receipt.printed': true }],
      },
    ],
  };
  const receipt = (fields: Record<string, unknown>) => async () => ({
    receipt: { id: 'o-1', status: 'Paid', printed: false, cover: { url: '/media/covers/o-1.jpg?exp=1&sig=a%2Cb' }, ...fields },
  });

  it("names the shell's entry, the modules it imports and its stylesheet before the route's own chunks", async () => {
    const { link } = await pageWith(async () => ({ receipt: { id: 'o-1' } }), '/receipt/o-1/sig');
    expect(link).toBe(SHELL_AND_CHUNKS);
    // A route with no chunks of its own still has the shell's.
    const thanks = await pageWith(async () => null, '/thanks/o-1');
    expect(thanks.link).toBe(SHELL_AND_CHUNKS.slice(0, SHELL_AND_CHUNKS.lastIndexOf(', ')));
  });

  it('names the image the page shows first, after its code, when the answer has it in a state that shows it', async () => {
    const paid = await pageWith(receipt({}), '/receipt/o-1/sig', undefined, WITH_COVER);
    expect(paid.link).toBe(`${SHELL_AND_CHUNKS}, </media/covers/o-1.jpg?exp=1&sig=a%2Cb>; rel=preload; as=image`);
    const printed = await pageWith(receipt({ status: 'Completed', printed: true }), '/receipt/o-1/sig', undefined, WITH_COVER);
    expect(printed.link).toContain('</media/covers/o-1.jpg?exp=1&sig=a%2Cb>; rel=preload; as=image');
  });

  it.each([
    ['in a state the page does not show it in', { status: 'Cancelled' }],
    ['when only some of a state holds (completed, not printed)', { status: 'Completed' }],
    ['when the answer has no image', { cover: null }],
    ['when the image has no address', { cover: { url: null } }],
    ['for an address that would end the link', { cover: { url: '/media/a.jpg>;rel=preload;as=script,</x.js' } }],
    ['for an address with a space', { cover: { url: '/media/a b.jpg' } }],
    ['for an address with a character a header cannot carry', { cover: { url: '/media/a\u0007.jpg' } }],
    ['for an address beyond ASCII', { cover: { url: '/media/é.jpg' } }],
    ['for an address on another site', { cover: { url: 'https://elsewhere.example/a.jpg' } }],
    ['for an address on another site without its scheme', { cover: { url: '//elsewhere.example/a.jpg' } }],
    ['for a script address', { cover: { url: 'javascript:alert(1)' } }],
  ])('names no image %s', async (_case, fields) => {
    const { link, html } = await pageWith(receipt(fields), '/receipt/o-1/sig', undefined, WITH_COVER);
    expect(html).toContain('id="page-data"');
    expect(link).toBe(SHELL_AND_CHUNKS);
  });

  it('names no image when the page goes out without its answer', async () => {
    const { link, html } = await pageWith(() => new Promise(() => undefined), '/receipt/o-1/sig', 30, WITH_COVER);
    expect(html).toBe(SHELL);
    expect(link).toBe(SHELL_AND_CHUNKS);
  });
});
