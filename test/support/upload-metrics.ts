/**
 * The bytes of finished videos a shop itself received (`storybook_upload_bytes_total{kind="video"}`),
 * read from its Prometheus text: what came through the shop rather than straight to the bucket.
 */
export function videoBytesIn(prometheusText: string): number {
  const line = prometheusText.split('\n').find((entry) => entry.startsWith('storybook_upload_bytes_total{kind="video"}'));
  return line ? Number(line.split(' ').pop()) : 0;
}
