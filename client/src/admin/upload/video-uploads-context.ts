import { createContext, useContext } from 'react';

/** What an upload is doing: sending (percent null while the size is unknown), or how it ended. */
export type UploadState =
  { phase: 'uploading'; percent: number | null } | { phase: 'succeeded'; message: string } | { phase: 'failed'; message: string };

/** The order a book is for: enough to send it, to say which files it needs, and to word the outcome. */
export interface UploadTarget {
  id: string;
  email: string;
  /** Null once the parent deleted the child's details. */
  childName?: string | null;
  bookFormat: 'digital' | 'printed';
}

/** `complete`: the first delivery of a Paid order; `revise`: a new version of a delivered book. */
export type DeliveryMode = 'complete' | 'revise';

/** The files of one delivery: a digital order's first delivery needs both. */
export interface BookFiles {
  video: File | null;
  pdf: File | null;
}

/** The last upload's outcome, for the dashboard to announce; `key` changes every time. */
export interface UploadNotice {
  key: number;
  tone: 'success' | 'error';
  message: string;
  order: UploadTarget;
}

export interface VideoUploads {
  stateOf(orderId: string): UploadState | undefined;
  /** Opens the dialog that picks the files and asks for confirmation; nothing is sent before that. */
  openDelivery(order: UploadTarget, mode: DeliveryMode, trigger: HTMLElement | null): void;
  upload(order: UploadTarget, files: BookFiles, mode?: DeliveryMode): Promise<void>;
  notice: UploadNotice | null;
  dismissNotice(): void;
}

export const VideoUploadsContext = createContext<VideoUploads | null>(null);

export function useVideoUploads(): VideoUploads {
  const uploads = useContext(VideoUploadsContext);
  if (!uploads) throw new Error('useVideoUploads must be used inside <VideoUploadsProvider>');
  return uploads;
}
