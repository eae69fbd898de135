import { IsNotEmpty, IsOptional } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { IsEmailAddress, MaxChars, NoControlCharacters, PlainText, rule } from '../common/input-validation';

export const CONTACT_LIMITS = { nameMaxChars: 100, orderReferenceMaxChars: 40, messageMaxChars: 2000 } as const;

export const CONTACT_MESSAGES = {
  name: 'Please enter your name.',
  nameTooLong: `Please keep your name to ${CONTACT_LIMITS.nameMaxChars} characters or fewer.`,
  email: 'Please enter a valid email address.',
  orderReference: `Please keep the order reference to ${CONTACT_LIMITS.orderReferenceMaxChars} characters or fewer.`,
  message: 'Please write your message.',
  messageTooLong: `Please keep your message to ${CONTACT_LIMITS.messageMaxChars.toLocaleString('en-US')} characters or fewer.`,
  controlCharacters: 'Your message cannot contain control characters.',
} as const;

/** The contact form, checked in the order its fields appear; text is trimmed first (contact.service.ts). */
@InputType({ description: 'A message to the shop: who sends it, where the answer goes, and what it is about.' })
export class ContactMessageInput {
  @IsNotEmpty(rule(CONTACT_MESSAGES.name, 0))
  @MaxChars(CONTACT_LIMITS.nameMaxChars, rule(CONTACT_MESSAGES.nameTooLong, 0))
  @NoControlCharacters(rule(CONTACT_MESSAGES.controlCharacters, 0))
  @Field()
  name: string;

  @IsEmailAddress(rule(CONTACT_MESSAGES.email, 1))
  @Field()
  email: string;

  @IsOptional()
  @MaxChars(CONTACT_LIMITS.orderReferenceMaxChars, rule(CONTACT_MESSAGES.orderReference, 2))
  @NoControlCharacters(rule(CONTACT_MESSAGES.controlCharacters, 2))
  @Field(() => String, { nullable: true, description: 'Optional: the order reference from an e-mail.' })
  orderReference?: string | null;

  @IsNotEmpty(rule(CONTACT_MESSAGES.message, 3))
  @MaxChars(CONTACT_LIMITS.messageMaxChars, rule(CONTACT_MESSAGES.messageTooLong, 3))
  @PlainText(rule(CONTACT_MESSAGES.controlCharacters, 3))
  @Field()
  message: string;
}
