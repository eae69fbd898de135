import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import { Arg, Authorized, Ctx, FieldResolver, Float, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { AdminUser } from '../admin/admin-user.entity';
import type { Context } from '../common/context';
import { toPayload } from '../common/payload';
import { ShopConfig } from '../payments/payment.types';
import type { DeliveryService } from './delivery.service';
import { CompleteOrderWithVideoPayload, ResendDeliveryEmailPayload, VideoDelivery } from './delivery.types';

/** The admin's delivery of a finished video, and the parent's page behind the e-mailed link. */
@Resolver()
export class DeliveryResolver {
  constructor(private readonly delivery: DeliveryService) {}

  @Authorized()
  @Mutation(() => CompleteOrderWithVideoPayload, {
    description:
      'Admin only. Send as a multipart request with `video` (MP4, MOV or WebM, judged by its bytes; at most ' +
      'shopConfig.videoMaxBytes). Only a Paid order: stores the video, marks the order Completed and queues the ' +
      'delivery e-mail, all or nothing.',
  })
  async completeOrderWithVideo(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('video', () => GraphQLUpload) video: Promise<FileUpload>,
    @Ctx() ctx: Context,
  ): Promise<CompleteOrderWithVideoPayload> {
    const result = await this.delivery.completeOrderWithVideo(orderId, video, await signedIn(ctx));
    return toPayload(result, (order) => ({ order }), { order: null });
  }

  @Authorized()
  @Mutation(() => ResendDeliveryEmailPayload, {
    description: 'Admin only. Queues the delivery e-mail again, with a fresh link, for a Completed order.',
  })
  async resendDeliveryEmail(@Arg('orderId', () => ID) orderId: string, @Ctx() ctx: Context): Promise<ResendDeliveryEmailPayload> {
    const result = await this.delivery.resendDeliveryEmail(orderId, await signedIn(ctx));
    return toPayload(result, (order) => ({ order }), { order: null });
  }

  @Query(() => VideoDelivery, {
    nullable: true,
    description: 'The parent\'s video page: null when the token is unknown or the link has expired.',
  })
  videoDelivery(@Arg('token', () => String) token: string): Promise<VideoDelivery | null> {
    return this.delivery.findDelivery(token);
  }
}

/** The upload limit, so the dashboard can refuse an oversize file before sending a byte. */
@Resolver(() => ShopConfig)
export class ShopConfigVideoResolver {
  constructor(private readonly maxBytes: number) {}

  @FieldResolver(() => Float, { description: 'Largest finished video an admin may upload, in bytes.' })
  videoMaxBytes(): number {
    return this.maxBytes;
  }
}

/** @Authorized has already let only a signed-in admin through. */
async function signedIn(ctx: Context): Promise<AdminUser> {
  const admin = await ctx.admin();
  if (!admin) throw new Error('unreachable: @Authorized let an anonymous caller through');
  return admin;
}
