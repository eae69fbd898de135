/**
 * Which video the Sample Story section embeds. Set VITE_SAMPLE_VIDEO_ID when building the
 * client to point at the shop's real sample; the fallback keeps the section working.
 * (Kept apart from the component: import.meta only exists in the Vite build.)
 */
export const DEFAULT_SAMPLE_VIDEO_ID = 'M7lc1UVf-VE';

const configured = import.meta.env.VITE_SAMPLE_VIDEO_ID as string | undefined;

export const SAMPLE_VIDEO_ID: string = configured?.trim() || DEFAULT_SAMPLE_VIDEO_ID;
