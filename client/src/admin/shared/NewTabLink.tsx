import type { ReactNode } from 'react';

/** A link that opens in a new tab without handing that tab a reference back to this one. */
export function NewTabLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
