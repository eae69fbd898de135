const SITE_NAME = 'Storybook Shop';

/** React 19 hoists <title> into <head>. */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} | ${SITE_NAME}`}</title>;
}
