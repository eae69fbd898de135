import { IsInt, IsOptional, Max, Min, ValidateBy } from 'class-validator';
import { MaxChars, NoControlCharacters, rule } from '../common/input-validation';
import { ArgsType, Field, Int } from 'type-graphql';
import { decodeCursor } from './order-cursor';
import { OrderStatus } from '../orders/order-status';

export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 200;
/** How far a page's `total` counts a search's matches unless asked otherwise, and at most. */
export const DEFAULT_TOTAL_UP_TO = 1000;
export const MAX_TOTAL_UP_TO = 100_000;
export const TOTAL_MESSAGES = { upTo: `upTo must be between 1 and ${MAX_TOTAL_UP_TO.toLocaleString('en-US')}` } as const;

export const LIST_MESSAGES = {
  first: `first must be between 1 and ${MAX_PAGE_SIZE}`,
  after: 'Invalid cursor',
  search: `Search for at most ${MAX_SEARCH_LENGTH} characters of plain text`,
} as const;

/** The admin list's filter and page. */
@ArgsType()
export class OrdersArgs {
  @Field(() => OrderStatus, { nullable: true })
  status?: OrderStatus | null;

  @IsOptional()
  @IsInt(rule(LIST_MESSAGES.first))
  @Min(1, rule(LIST_MESSAGES.first))
  @Max(MAX_PAGE_SIZE, rule(LIST_MESSAGES.first))
  @Field(() => Int, { nullable: true, description: '1 to 100; 20 when omitted.' })
  first?: number | null;

  @IsOptional()
  @ValidateBy(
    { name: 'isOrderCursor', validator: { validate: (value) => typeof value === 'string' && decodeCursor(value) !== null } },
    rule(LIST_MESSAGES.after),
  )
  @Field(() => String, { nullable: true })
  after?: string | null;

  @IsOptional()
  @MaxChars(MAX_SEARCH_LENGTH, rule(LIST_MESSAGES.search))
  @NoControlCharacters(rule(LIST_MESSAGES.search))
  @Field(() => String, { nullable: true, description: 'E-mail, child name, or (the start of) an order id.' })
  search?: string | null;
}
