import type { ReactNode } from 'react';

import { PageTitle } from './PageTitle';

/** A page that is not built yet: its heading, and optional content. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page">
      <PageTitle>{title}</PageTitle>
      <h1>{title}</h1>
      {children}
    </section>
  );
}
