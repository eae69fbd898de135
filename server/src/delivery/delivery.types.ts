import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
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

@InputType({ description: 'One part of a video sent straight to storage, as the store acknowledged it.' })
export class UploadedVideoPartInput {
  @Field(() => Int, { description: 'The part number from startVideoUpload (from 1).' })
  partNumber: number;

  @Field({ description: "The ETag header of the store's answer to the part's PUT, as sent (quotes included)." })
  etag: string;
}

@InputType({ description: 'A video already sent straight to storage: the upload startVideoUpload began, and every part.' })
export class UploadedVideoInput {
  @Field(() => ID, { description: "startVideoUpload's upload id." })
  uploadId: string;

  @Field(() => [UploadedVideoPartInput], { description: 'Every part, each once.' })
  parts: UploadedVideoPartInput[];
}

@ObjectType({ description: "One part's signed address: PUT the part's bytes there, then keep the answer's ETag." })
export class VideoUploadPart {
  @Field(() => Int)
  partNumber: number;

  @Field({ description: 'Accepts one PUT of the part; works for a few hours.' })
  url: string;
}

@ObjectType('VideoUpload', {
  description:
    'A video upload straight to storage: send bytes [(n-1) x partSize, n x partSize) of the file as part n, to its url.',
})
export class DirectVideoUpload {
  @Field(() => ID, { description: 'Give it, with the parts, to completeOrderWithVideo or reviseDelivery as uploadedVideo.' })
  id: string;

  @Field(() => Int, { description: 'Bytes in each part but the last.' })
  partSize: number;

  @Field(() => [VideoUploadPart])
  parts: VideoUploadPart[];
}

@ObjectType()
export class StartVideoUploadPayload {
  @Field(() => DirectVideoUpload, { nullable: true })
  upload: DirectVideoUpload | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

@ObjectType()
export class AbortVideoUploadPayload {
  @Field({ description: 'True when the upload and its parts are gone (or were never there).' })
  aborted: boolean;

  @Field(() => [UserError])
  userErrors: UserError[];
}
