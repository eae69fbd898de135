/**
 * The server's folders import downwards only: the lint fails on an import that runs up a layer
 * or across one (which is how a ring of folders starts), and today's tree has no ring and an
 * order kernel that imports no feature.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { lintMessages } from '../support/lint-text';

const root = path.resolve(__dirname, '..', '..');

function layerErrors(code: string, file: string): Promise<string[]> {
  return lintMessages(code, file, 'layers/server-layers');
}

describe('the layers lint rule', () => {
  it('fails when the order kernel imports a feature, for a value or a type alike', async () => {
    const code = [
      "import { OutboxService } from '../mail/outbox.service';",
      "import type { PaymentService } from '../payments/payment.service';",
      'export type Both = [OutboxService, PaymentService];',
    ].join('\n');
    expect(await layerErrors(code, 'server/src/orders/order-status.ts')).toEqual([
      expect.stringContaining('orders/ may not import mail/: folders import only from the layers below their own'),
      expect.stringContaining('orders/ may not import payments/'),
    ]);
  }, 60_000);

  it('fails on the import that would close a ring, and between two folders of one layer', async () => {
    // payments/ imports mail/ (its confirmation e-mail), so mail/ importing payments/ makes a ring.
    const ring = "import { RefundService } from '../payments/refund.service';\nexport const r = RefundService;";
    expect(await layerErrors(ring, 'server/src/mail/escape-html.ts')).toEqual([
      expect.stringContaining(
        'mail/ may not import payments/: folders import only from the layers below their own, and payments/ is in a layer above',
      ),
    ]);
    const sideways = "import { NewsletterService } from '../newsletter/newsletter.service';\nexport const n = NewsletterService;";
    expect(await layerErrors(sideways, 'server/src/checkout/order-rules.ts')).toEqual([
      expect.stringContaining(
        'checkout/ may not import newsletter/: folders import only from the layers below their own, and newsletter/ is in the same layer',
      ),
    ]);
  }, 60_000);

  it('asks for a layer for a new folder, and lets a folder import below itself', async () => {
    const unplaced = "import { x } from '../no-such-folder/queue';\nexport const y = x;";
    expect(await layerErrors(unplaced, 'server/src/payments/payment.types.ts')).toEqual([
      'no-such-folder/ has no layer yet: give it one in eslint-rules/server-layers.mjs.',
    ]);
    const downwards =
      "import { Order } from '../orders/order.entity';\nimport { escapeHtml } from '../mail/escape-html';\nexport const z = [Order, escapeHtml];";
    expect(await layerErrors(downwards, 'server/src/payments/payment.types.ts')).toEqual([]);
  }, 60_000);
});

describe("today's folders", () => {
  it('import each other in no pair and no cycle, and the order kernel imports no feature', () => {
    const map = JSON.parse(
      execFileSync(process.execPath, ['scripts/folder-imports.mjs', '--types', '--json'], { cwd: root, encoding: 'utf8' }),
    ) as {
      imports: Record<string, string[]>;
      pairs: string[][];
      cycles: string[][];
    };
    expect(map.pairs).toEqual([]);
    expect(map.cycles).toEqual([]);
    expect(map.imports.orders.filter((folder) => !['common', 'catalogue', 'config', 'media'].includes(folder))).toEqual([]);
  });
});
