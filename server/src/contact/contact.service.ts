/**
 * The contact form: a message is checked, stored, and e-mailed to the staff (STAFF_EMAIL) with an
 * acknowledgement to the sender, all through the outbox in one transaction, so a message is never
 * stored without its e-mails nor e-mailed without being stored. Admins list the messages and mark
 * them answered.
 */
import { randomUUID } from 'node:crypto';
import { type DataSource, IsNull, Not } from 'typeorm';
import { firstInputError } from '../common/input-validation';
import type { Logger } from '../common/logger';
import { type Outcome, refusal, refuse, succeed, UserErrorCode } from '../common/user-error';
import { isUuid } from '../common/uuid';
import type { OutboxService } from '../mail/outbox.service';
import { contactAcknowledgementEmail, staffContactEmails } from '../mail/templates/contact-message';
import { ContactMessage } from './contact-message.entity';
import { ContactMessageInput } from './contact-message.input';

export const CONTACT_NOT_FOUND = 'That message was not found.';

/** How many messages the admins' list shows at most, newest first. */
export const CONTACT_LIST_LIMIT = 200;

export class ContactService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Pick<OutboxService, 'enqueue'>,
    private readonly logger: Logger,
    private readonly options: { staffEmails: readonly string[]; publicUrl: string },
  ) {}

  async send(raw: ContactMessageInput): Promise<Outcome<ContactMessage>> {
    const input = Object.assign(new ContactMessageInput(), {
      name: typeof raw.name === 'string' ? raw.name.trim() : raw.name,
      email: typeof raw.email === 'string' ? raw.email.trim().toLowerCase() : raw.email,
      orderReference: typeof raw.orderReference === 'string' ? raw.orderReference.trim() || null : null,
      message: typeof raw.message === 'string' ? raw.message.trim() : raw.message,
    });
    const invalid = firstInputError(input);
    if (invalid) return refusal(invalid);
    const message = Object.assign(new ContactMessage(), {
      id: randomUUID(),
      name: input.name,
      email: input.email,
      orderReference: input.orderReference ?? null,
      message: input.message,
      answeredAt: null,
      answeredBy: null,
    });
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(ContactMessage, message);
      for (const email of staffContactEmails(message, this.options.staffEmails, this.options.publicUrl)) {
        await this.outbox.enqueue(manager, email);
      }
      await this.outbox.enqueue(manager, contactAcknowledgementEmail(message));
    });
    this.logger.info('contact message received', {
      contactMessageId: message.id,
      staffNotified: this.options.staffEmails.length,
    });
    return succeed(message);
  }

  /** Newest first; `answered` false: only those waiting for an answer. */
  async list(answered?: boolean | null): Promise<ContactMessage[]> {
    return this.dataSource.getRepository(ContactMessage).find({
      where: answered === undefined || answered === null ? {} : { answeredAt: answered ? Not(IsNull()) : IsNull() },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: CONTACT_LIST_LIMIT,
    });
  }

  /** How many messages wait for an answer. */
  async waiting(): Promise<number> {
    return this.dataSource.getRepository(ContactMessage).countBy({ answeredAt: IsNull() });
  }

  /** Marks a message answered by `adminEmail`; marking it again changes nothing. */
  async markAnswered(id: string, adminEmail: string, now = new Date()): Promise<Outcome<ContactMessage>> {
    const repo = this.dataSource.getRepository(ContactMessage);
    const found = isUuid(id) ? await repo.findOneBy({ id }) : null;
    if (!found) return refuse(UserErrorCode.NOT_FOUND, CONTACT_NOT_FOUND, 'id');
    if (found.answeredAt) return succeed(found);
    await repo.update({ id, answeredAt: IsNull() }, { answeredAt: now, answeredBy: adminEmail });
    return succeed((await repo.findOneBy({ id }))!);
  }
}
