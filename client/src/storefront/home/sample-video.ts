/**
 * The privacy-enhanced embed address of a video: no cookies until the visitor plays it, and
 * autoplay because it is only ever built after the visitor pressed play.
 */
export function sampleVideoEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;
}

export const SAMPLE_STORY_TITLE = 'a personalized storybook';
