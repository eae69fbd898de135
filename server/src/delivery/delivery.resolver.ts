import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import { Arg, Authorized, Float, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { AdminUser } from '../admin/admin-user.entity';
import { toPayload } from '../graphql/payload';
import { CurrentAdmin } from '../graphql/current-admin';
import type { DeliveryService } from './delivery.service';
import {
  AbortVideoUploadPayload,
  CompleteOrderWithVideoPayload,
  StartVideoUploadPayload,
  UploadedVideoInput,
  ResendDeliveryEmailPayload,
  ReviseDeliveryPayload,
  VideoDelivery,
} from './delivery.types';
import { adminActor } from '../orders/actor';

/** The admin's delivery of the finished book (video and PDF) and its revisions, and the parent's page behind the e-mailed link. */
@Resolver()
export class DeliveryResolver {
  private readonly delivery: DeliveryService;

  constructor(services: { delivery: DeliveryService }) {
    this.delivery = services.delivery;
  }

  @Authorized()
  @Mutation(() => CompleteOrderWithVideoPayload, {
    description:
      'Admin only. Send as a multipart request with `video` (MP4, MOV or WebM, judged by its bytes; at most ' +
      'shopConfig.videoMaxBytes), or with `uploadedVideo` when shopConfig.videoUploadsDirect (the video already sent ' +
      'to storage after startVideoUpload; `video` is still taken, as the admin portal sends it when storage gives ' +
      'the page no answer), and `storybookPdf` (a PDF, at most shopConfig.pdfMaxBytes; required for a ' +
      'digital order, optional for a printed one). Only a Paid order: stores the files as version 1, marks the order ' +
      'Completed and queues the delivery e-mail, all or nothing.',
  })
  async completeOrderWithVideo(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('video', () => GraphQLUpload, { nullable: true }) video: Promise<FileUpload> | null | undefined,
    @Arg('storybookPdf', () => GraphQLUpload, { nullable: true }) storybookPdf: Promise<FileUpload> | null | undefined,
    @CurrentAdmin() admin: AdminUser,
    @Arg('uploadedVideo', () => UploadedVideoInput, { nullable: true }) uploadedVideo?: UploadedVideoInput | null,
  ): Promise<CompleteOrderWithVideoPayload> {
    const result = await this.delivery.completeOrderWithVideo(
      orderId,
      { video, uploadedVideo, pdf: storybookPdf },
      adminActor(admin),
    );
    return toPayload(result, (order) => ({ order }), { order: null });
  }

  @Authorized()
  @Mutation(() => StartVideoUploadPayload, {
    description:
      "Admin only, where shopConfig.videoUploadsDirect. Starts sending an order's finished video straight to storage " +
      "(for completeOrderWithVideo or reviseDelivery): `size` is the file's size in bytes and `head` its first 64 " +
      'bytes in base64, so a file that is too large or not a video is refused before it is sent. PUT each part to ' +
      "its URL, keep each answer's ETag, then pass them as uploadedVideo; call abortVideoUpload to give up. Answers " +
      'NOT_AVAILABLE when the video must come through the shop instead (storage takes no uploads straight to it, or ' +
      "the bucket's CORS rules keep the admin portal out): send it as the `video` of completeOrderWithVideo or reviseDelivery.",
  })
  async startVideoUpload(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('size', () => Float) size: number,
    @Arg('head', () => String) head: string,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<StartVideoUploadPayload> {
    const result = await this.delivery.startVideoUpload(orderId, size, Buffer.from(head, 'base64'), adminActor(admin));
    return toPayload(result, (upload) => ({ upload }), { upload: null });
  }

  @Authorized()
  @Mutation(() => AbortVideoUploadPayload, {
    description: 'Admin only. Discards a video upload straight to storage and the parts sent so far.',
  })
  async abortVideoUpload(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('uploadId', () => ID) uploadId: string,
  ): Promise<AbortVideoUploadPayload> {
    const result = await this.delivery.abortVideoUpload(orderId, uploadId);
    return toPayload(result, () => ({ aborted: true }), { aborted: false });
  }

  @Authorized()
  @Mutation(() => ReviseDeliveryPayload, {
    description:
      "Admin only. A new version of a Completed or Shipped order's book, as a multipart request with `video` (or " +
      '`uploadedVideo`, see startVideoUpload), `storybookPdf` or both (what is not sent carries over). Records the version and a delivery_revised event and ' +
      "e-mails the parent the order's link; the status does not change.",
  })
  async reviseDelivery(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('video', () => GraphQLUpload, { nullable: true }) video: Promise<FileUpload> | null | undefined,
    @Arg('storybookPdf', () => GraphQLUpload, { nullable: true }) storybookPdf: Promise<FileUpload> | null | undefined,
    @CurrentAdmin() admin: AdminUser,
    @Arg('uploadedVideo', () => UploadedVideoInput, { nullable: true }) uploadedVideo?: UploadedVideoInput | null,
  ): Promise<ReviseDeliveryPayload> {
    const result = await this.delivery.reviseDelivery(orderId, { video, uploadedVideo, pdf: storybookPdf }, adminActor(admin));
    return toPayload(result, (order) => ({ order }), { order: null });
  }

  @Authorized()
  @Mutation(() => ResendDeliveryEmailPayload, {
    description: "Admin only. Queues the delivery e-mail again, with the order's link, for a Completed order.",
  })
  async resendDeliveryEmail(
    @Arg('orderId', () => ID) orderId: string,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<ResendDeliveryEmailPayload> {
    const result = await this.delivery.resendDeliveryEmail(orderId, adminActor(admin));
    return toPayload(result, (order) => ({ order }), { order: null });
  }

  @Query(() => VideoDelivery, {
    nullable: true,
    description: "The parent's video page: null when the token is unknown or the link has expired.",
  })
  videoDelivery(@Arg('token', () => String) token: string): Promise<VideoDelivery | null> {
    return this.delivery.findDelivery(token);
  }
}
