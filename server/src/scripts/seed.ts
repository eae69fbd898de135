/**
 * npm run seed: demo orders in every status, for someone exploring the admin portal. Refused in
 * production. Every order goes through the shop's own services (the order form's checks, the
 * sandbox payment, delivery, shipping, refunds, a change request, a deletion), so each has its
 * history, its e-mails in the outbox and its files in storage, as a real one would. The sandbox
 * pays whatever STRIPE_* says, and no e-mail is sent, whatever MAILGUN_* says.
 *
 * The demo parents' addresses are demo.<name>@example.com (a domain that receives no mail); a
 * second run finds them and adds nothing. Uses DATABASE_URL, or the embedded database in
 * DATA_DIR (stop the running shop first: only one process may open it). The book's video and
 * PDF are the browser tests' fixtures: the seed runs from a checkout (the production image has
 * neither the fixtures nor a reason to seed).
 */
import { addDays, todayIn } from '../orders/gift-delivery';
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { IncomingFile } from '../media/incoming-file';
import sharp from 'sharp';
import { IsNull, Like } from 'typeorm';
import { AdminUser } from '../admin/admin-user.entity';
import { createLogger } from '../common/logger';
import type { Outcome } from '../common/user-error';
import { createProviders, createServices, type Services } from '../composition';
import { loadConfig, loadDotEnv } from '../config';
import { openDatabase } from '../db/database';
import type { CreateOrderInput } from '../checkout/create-order.input';
import { Order } from '../orders/order.entity';
import { SANDBOX_CARDS } from '../payments/sandbox/sandbox.provider';
import { adminActor } from '../orders/actor';

export const DEMO_EMAIL_PREFIX = 'demo.';
export const DEMO_EMAIL_DOMAIN = '@example.com';
const NO_ADMIN =
  'No admin yet: start the shop once (npm start creates the first admin) or run npm run admin:create, then run npm run seed again.';

const fixtures = path.resolve(__dirname, '..', '..', '..', 'test', 'e2e', 'fixtures');

type Step = 'pending' | 'paid' | 'completed' | 'changeRequested' | 'shipped' | 'cancelled' | 'refunded' | 'deleted';

interface DemoOrder {
  child: string;
  age: number;
  moral: string;
  style: string;
  format: 'digital' | 'printed';
  step: Step;
  storyIdea?: string;
  dedication?: string;
  /** A gift: its message, and (digital) how many days from today its e-mail waits for. */
  gift?: { message: string; inDays?: number };
  /** A proof waiting for the parent's answer. (A printed book that is made has its approved proof anyway.) */
  proofWaiting?: boolean;
}

/** One order in each state worth seeing, then more to fill the dashboard's pages and filters. */
const SHOWCASE: DemoOrder[] = [
  { child: 'Ava', age: 5, moral: 'Kindness', style: 'fairytale', format: 'digital', step: 'pending' },
  {
    child: 'Leo',
    age: 7,
    moral: 'Courage',
    style: 'superhero',
    format: 'digital',
    step: 'paid',
    storyIdea: 'Leo rescues a kite from a tall tree',
    gift: { message: 'Happy 7th birthday, Leo!\nLove, Grandma and Grandpa', inDays: 14 },
  },
  {
    child: 'Maya',
    age: 4,
    moral: 'Friendship',
    style: 'classic',
    format: 'printed',
    step: 'paid',
    dedication: 'For Maya,\nwith love from Grandma',
    proofWaiting: true,
  },
  { child: 'Noah', age: 6, moral: 'Honesty', style: 'adventure', format: 'digital', step: 'completed' },
  { child: 'Emma', age: 8, moral: 'Perseverance', style: 'classic', format: 'digital', step: 'changeRequested' },
  { child: 'Liam', age: 6, moral: 'Responsibility', style: 'adventure', format: 'printed', step: 'shipped' },
  { child: 'Zoe', age: 3, moral: 'Patience', style: 'fairytale', format: 'digital', step: 'cancelled' },
  { child: 'Ethan', age: 9, moral: 'Gratitude', style: 'superhero', format: 'printed', step: 'refunded' },
  { child: 'Ruby', age: 5, moral: 'Kindness', style: 'classic', format: 'digital', step: 'deleted' },
];
const MORE_NAMES = [
  'Mila',
  'Owen',
  'Isla',
  'Lucas',
  'Nora',
  'Felix',
  'Ivy',
  'Hugo',
  'Luna',
  'Theo',
  'Aria',
  'Jack',
  'Cora',
  'Eli',
  'Rose',
  'Finn',
  'Hazel',
  'Max',
  'Iris',
  'Sam',
];
const MORE_STEPS: Step[] = ['pending', 'paid', 'paid', 'completed', 'completed', 'shipped', 'cancelled', 'refunded'];
const MORALS = ['Kindness', 'Courage', 'Honesty', 'Friendship', 'Responsibility', 'Perseverance', 'Patience', 'Gratitude'];
const STYLES = ['classic', 'adventure', 'fairytale', 'superhero'];

const NOTES: Partial<Record<Step, string>> = {
  changeRequested: 'change requested',
  deleted: 'details deleted',
};

export function demoOrders(): DemoOrder[] {
  const more = MORE_NAMES.map((child, i): DemoOrder => {
    const step = MORE_STEPS[i % MORE_STEPS.length];
    return {
      child,
      age: 3 + (i % 8),
      moral: MORALS[i % MORALS.length],
      style: STYLES[i % STYLES.length],
      format: step === 'shipped' || i % 3 === 0 ? 'printed' : 'digital',
      step,
    };
  });
  return [...SHOWCASE, ...more];
}

/** A soft, friendly placeholder portrait with the child's initial, its colour from the name. */
async function portrait(name: string): Promise<Buffer> {
  const hue = [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
    <rect width="600" height="600" fill="hsl(${hue}, 70%, 88%)"/>
    <circle cx="300" cy="250" r="120" fill="hsl(${hue}, 45%, 70%)"/>
    <ellipse cx="300" cy="560" rx="210" ry="170" fill="hsl(${hue}, 45%, 70%)"/>
    <circle cx="258" cy="235" r="12" fill="#3b2f4a"/><circle cx="342" cy="235" r="12" fill="#3b2f4a"/>
    <path d="M255 290 Q300 325 345 290" stroke="#3b2f4a" stroke-width="9" fill="none" stroke-linecap="round"/>
    <text x="300" y="475" font-family="sans-serif" font-size="96" font-weight="700" text-anchor="middle" fill="#ffffff">${name[0]}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

function upload(filename: string, mimetype: string, data: Buffer): Promise<IncomingFile> {
  return Promise.resolve({ filename, mimetype, encoding: '7bit', createReadStream: () => Readable.from([data]) });
}

function value<T>(outcome: Outcome<T>, what: string): T {
  if (!outcome.ok) throw new Error(`${what}: ${outcome.error.message}`);
  return outcome.value;
}

export interface SeededOrder {
  reference: string;
  child: string;
  status: string;
  /** What the status alone does not tell: a change request waiting, the child's details deleted. */
  note: string;
  /** The parent's private page (the checkout token opens it). */
  pageUrl: string;
}

/** Places the demo orders through the services; none when they are already there. */
export async function seed(services: Services, admin: AdminUser, publicUrl: string): Promise<SeededOrder[]> {
  const video = readFileSync(path.join(fixtures, 'story.mp4'));
  const pdf = readFileSync(path.join(fixtures, 'storybook.pdf'));
  const seeded: SeededOrder[] = [];
  for (const demo of demoOrders()) {
    const input: CreateOrderInput = {
      childName: demo.child,
      childAge: demo.age,
      moral: demo.moral,
      storyIdea: demo.storyIdea ?? null,
      dedication: demo.dedication ?? null,
      giftMessage: demo.gift?.message ?? null,
      giftDeliveryDate: demo.gift?.inDays === undefined ? null : addDays(todayIn('UTC', new Date()), demo.gift.inDays),
      giftTimeZone: demo.gift?.inDays === undefined ? null : 'UTC',
      email: `${DEMO_EMAIL_PREFIX}${demo.child.toLowerCase()}${DEMO_EMAIL_DOMAIN}`,
      bookFormat: demo.format,
      bookStyle: demo.style,
      shippingAddress:
        demo.format === 'printed'
          ? {
              fullName: `${demo.child}'s Parent`,
              streetAddress: '12 Maple Street',
              city: 'Portland',
              state: 'OR',
              zipCode: '97201',
              country: 'United States',
            }
          : null,
    } as CreateOrderInput;
    const photo = upload(`${demo.child.toLowerCase()}.jpg`, 'image/jpeg', await portrait(demo.child));
    const { orderId, checkoutToken } = value(await services.orders.createOrder(input, photo), `order for ${demo.child}`);
    const token = checkoutToken!;

    if (demo.step !== 'pending' && demo.step !== 'cancelled') {
      const started = value(await services.payments.startPayment(orderId, token), 'payment');
      value(await services.payments.confirmSandboxPayment(orderId, token, started.paymentId, SANDBOX_CARDS.success), 'card');
      value(await services.payments.recordPayment(orderId, token, started.paymentId), 'recording the payment');
    }
    const made = ['completed', 'changeRequested', 'shipped', 'deleted'].includes(demo.step);
    if (demo.proofWaiting || (made && demo.format === 'printed')) {
      const proof = value(
        await services.proofs.sendProof(orderId, upload('proof.pdf', 'application/pdf', pdf), adminActor(admin)),
        'proof',
      );
      if (!demo.proofWaiting) value(await services.orderPages.approveProof(token, proof.version), 'approving the proof');
    }
    if (made) {
      const book = demo.format === 'digital' ? upload('storybook.pdf', 'application/pdf', pdf) : null;
      value(
        await services.delivery.completeOrderWithVideo(
          orderId,
          { video: upload('story.mp4', 'video/mp4', video), pdf: book },
          adminActor(admin),
        ),
        'delivery',
      );
    }
    if (demo.step === 'changeRequested') {
      value(
        await services.orderPages.requestOrderChange(token, `Could ${demo.child}'s hair be curly, like in the photo? Thank you!`),
        'change request',
      );
    }
    if (demo.step === 'shipped') {
      value(
        await services.shipping.shipOrder(
          orderId,
          'USPS',
          `9400${orderId.replace(/\D/g, '').padEnd(18, '7').slice(0, 18)}`,
          adminActor(admin),
        ),
        'shipping',
      );
    }
    if (demo.step === 'cancelled') value(await services.cancellation.cancelOrder(orderId, adminActor(admin)), 'cancelling');
    if (demo.step === 'refunded') {
      value(
        await services.refunds.refundOrder(orderId, 'The family asked to cancel before we started.', adminActor(admin)),
        'refund',
      );
    }
    if (demo.step === 'deleted') value(await services.orderPages.deleteChildData(token), 'deleting the child’s details');

    const order = (await services.orders.findOrder(orderId))!;
    seeded.push({
      reference: orderId.slice(0, 8),
      child: demo.child,
      status: order.status,
      note: demo.proofWaiting ? 'proof waiting for the parent' : (NOTES[demo.step] ?? ''),
      pageUrl: `${publicUrl}/order/${token}`,
    });
  }
  return seeded;
}

async function run(): Promise<void> {
  loadDotEnv();
  // Before the configuration is read, so that nothing of a production setting is opened or checked.
  if (process.env.NODE_ENV === 'production') {
    throw new Error('npm run seed adds demo orders and is refused in production (NODE_ENV=production).');
  }
  const loaded = loadConfig();
  // The sandbox takes the payments and the outbox keeps the e-mails, whatever the settings say.
  const config = { ...loaded, stripe: undefined, mailgun: undefined };

  const logger = createLogger('warn');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    logger,
  });
  try {
    const { dataSource } = database;
    const admin = await dataSource
      .getRepository(AdminUser)
      .findOne({ where: { disabledAt: IsNull() }, order: { createdAt: 'ASC' } });
    if (!admin) throw new Error(NO_ADMIN);
    const existing = await dataSource.getRepository(Order).countBy({ email: Like(`${DEMO_EMAIL_PREFIX}%${DEMO_EMAIL_DOMAIN}`) });
    if (existing > 0) {
      process.stdout.write(
        `The demo orders are already there (${existing}); nothing added. See them at ${config.publicUrl}/admin\n`,
      );
      return;
    }
    const services = createServices(config, dataSource, logger, createProviders(config, dataSource, logger));
    const seeded = await seed(services, admin, config.publicUrl);
    for (const order of seeded) {
      process.stdout.write(
        `${order.reference}  ${order.status.padEnd(9)}  ${order.child.padEnd(7)}  ${order.note.padEnd(16)}  ${order.pageUrl}\n`,
      );
    }
    process.stdout.write(
      `\n${seeded.length} demo orders added, acted on as ${admin.email}. See them at ${config.publicUrl}/admin\n`,
    );
  } finally {
    await database.close();
  }
}

if (require.main === module) {
  run().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
