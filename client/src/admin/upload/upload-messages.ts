/** What the admin sees about a video upload (spec section 8, "Admin"; the server's own wording for the file checks). */
export const UPLOAD_MESSAGES = {
  succeeded: (email: string) => `Video uploaded successfully and email sent to ${email}`,
  // The server answered without saying why.
  failed: 'Failed to upload video',
  // The request itself failed (network, server error).
  error: 'An error occurred while processing the video',
  wrongType: 'Please upload an MP4, MOV or WebM video.',
  tooLarge: (limit: string) => `The video is too large: the limit is ${limit}.`,
} as const;

/** What the file picker offers; the server judges the file by its bytes, not its name. */
export const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm';
