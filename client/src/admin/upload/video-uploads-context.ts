import { createContext, useContext } from 'react';

/** What an upload is doing: sending (percent null while the size is unknown), or how it ended. */
export type UploadState =
  { phase: 'uploading'; percent: number | null } | { phase: 'succeeded'; message: string } | { phase: 'failed'; message: string };

/** The order a video is for: enough to send it and to word the outcome. */
export interface UploadTarget {
  id: string;
  email: string;
  childName: string;
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
  upload(order: UploadTarget, file: File): Promise<void>;
  notice: UploadNotice | null;
  dismissNotice(): void;
}

export const VideoUploadsContext = createContext<VideoUploads | null>(null);

export function useVideoUploads(): VideoUploads {
  const uploads = useContext(VideoUploadsContext);
  if (!uploads) throw new Error('useVideoUploads must be used inside <VideoUploadsProvider>');
  return uploads;
}
