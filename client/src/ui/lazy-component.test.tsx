import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';

import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

describe('lazyComponent', () => {
  it('suspends until its code is in, then renders with its props', async () => {
    let arrive!: () => void;
    const code = new Promise<typeof Greeting>((resolve) => {
      arrive = () => resolve(Greeting);
    });
    const LazyGreeting = lazyComponent(() => code);
    await act(async () =>
      render(
        <Suspense fallback={<p>Loading…</p>}>
          <LazyGreeting name="Mia" />
        </Suspense>,
      ),
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();

    await act(async () => arrive());
    expect(screen.getByText('Hello, Mia')).toBeInTheDocument();
  });

  it('fetches its code once, however often it is asked for or rendered', async () => {
    const fetch = jest.fn(() => Promise.resolve(Greeting));
    const LazyGreeting = lazyComponent(fetch);
    await Promise.all([LazyGreeting.load(), LazyGreeting.load()]);

    render(
      <>
        <LazyGreeting name="Mia" />
        <LazyGreeting name="Leo" />
      </>,
    );
    expect(screen.getByText('Hello, Mia')).toBeInTheDocument();
    expect(screen.getByText('Hello, Leo')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
