import type { ReactNode } from 'react';

/** Our profiles; opened in a new tab so the shop stays where the visitor left it. */
const SOCIAL_LINKS: { name: string; href: string; icon: ReactNode }[] = [
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/storybookshop',
    icon: (
      <>
        <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="17.3" cy="6.7" r="1.2" fill="currentColor" />
      </>
    ),
  },
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/storybookshop',
    icon: (
      <path
        fill="currentColor"
        d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21z"
      />
    ),
  },
  {
    name: 'Pinterest',
    href: 'https://www.pinterest.com/storybookshop',
    icon: (
      <path
        fill="currentColor"
        d="M12.2 2.5c-5.4 0-8.2 3.7-8.2 6.9 0 1.9.7 3.6 2.3 4.2.3.1.5 0 .6-.3l.2-.9c.1-.3 0-.4-.2-.7-.5-.6-.8-1.3-.8-2.4 0-3 2.3-5.8 5.9-5.8 3.2 0 5 2 5 4.6 0 3.4-1.5 6.3-3.8 6.3-1.2 0-2.2-1-1.9-2.3.4-1.5 1.1-3.1 1.1-4.2 0-1-.5-1.8-1.6-1.8-1.3 0-2.3 1.3-2.3 3.1 0 1.1.4 1.9.4 1.9l-1.5 6.3c-.4 1.9-.1 4.1 0 4.4 0 .1.2.2.3.1.1-.2 1.4-1.8 1.9-3.4l.7-2.8c.4.7 1.4 1.3 2.5 1.3 3.3 0 5.6-3 5.6-7.1 0-3.1-2.6-6-6.6-6z"
      />
    ),
  },
];

export function SocialLinks() {
  return (
    <ul className="social-links">
      {SOCIAL_LINKS.map(({ name, href, icon }) => (
        <li key={name}>
          <a
            className="social-links__link"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${name} (opens in a new tab)`}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              {icon}
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
