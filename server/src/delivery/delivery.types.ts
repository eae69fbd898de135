import { Field, ObjectType } from 'type-graphql';
import { UserError } from '../common/user-error';
import { Order } from '../orders/order.entity';

@ObjectType({
  description: "What the parent's delivery page shows for a delivery link: the video, and the PDF when there is one.",
})
export class VideoDelivery {
  @Field()
  childName: string;

  @Field({ description: 'Until when the e-mailed link works.' })
  expiresAt: Date;

  @Field({
    description:
      'A signed link for a video player (inline; supports Range requests). Expires within hours: ask again for a fresh one.',
  })
  watchUrl: string;

  @Field({ description: 'A signed link that downloads the file.' })
  downloadUrl: string;

  @Field({ description: 'video/mp4, video/quicktime or video/webm.' })
  contentType: string;

  @Field(() => String, {
    nullable: true,
    description:
      'A signed link that downloads the storybook PDF, with the same expiry as the video links; null when there is none.',
  })
  pdfUrl: string | null;
}

@ObjectType()
export class CompleteOrderWithVideoPayload {
  @Field(() => Order, { nullable: true, description: 'The order, Completed.' })
  order: Order | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

@ObjectType()
export class ReviseDeliveryPayload {
  @Field(() => Order, { nullable: true, description: 'The order, pointing at the new version of its files.' })
  order: Order | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

@ObjectType()
export class ResendDeliveryEmailPayload {
  @Field(() => Order, { nullable: true })
  order: Order | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}
