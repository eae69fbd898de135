import { act, render, screen, waitFor } from '@testing-library/react';
import { type ComponentType, Suspense, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';

import { AfterLoad, afterLazyParts, lazyComponent, lazyPart } from './lazy-component';

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

/** A part whose code arrives when the test says: a button that counts its presses. */
function heldPart() {
  let presses = 0;
  function Part() {
    return (
      <button type="button" onClick={() => (presses += 1)}>
        Press
      </button>
    );
  }
  let arrive!: () => void;
  const arrived = new Promise<typeof Part>((resolve) => {
    arrive = () => resolve(Part);
  });
  return { load: () => arrived, arrive, presses: () => presses };
}

/** Beside the lazy part in its boundary: presses the part's button once no lazy part is waiting. */
function PressWhenRendered({ seen }: { seen: string[] }) {
  useEffect(
    () =>
      afterLazyParts(() => {
        seen.push('rendered');
        screen.getByRole('button', { name: 'Press' }).click();
      }),
    [seen],
  );
  return null;
}

/**
 * Hydrates the part's prerendered button with PressWhenRendered beside it, and says what that has
 * seen, and how often the button answered, before and after the part's code arrives.
 */
async function hydrateBeside(Part: ComponentType, part: ReturnType<typeof heldPart>) {
  const container = document.createElement('div');
  container.innerHTML = '<button type="button">Press</button>';
  document.body.append(container);
  const seen: string[] = [];
  await act(async () => {
    hydrateRoot(
      container,
      <Suspense fallback={null}>
        <Part />
        <PressWhenRendered seen={seen} />
      </Suspense>,
    );
  });
  const before = { seen: [...seen], presses: (screen.getByRole('button', { name: 'Press' }).click(), part.presses()) };
  await act(async () => part.arrive());
  await waitFor(() => expect(seen).toEqual(['rendered']));
  container.remove();
  return { before, presses: part.presses() };
}

describe('afterLazyParts', () => {
  it('calls back at once when no lazy part is waiting', () => {
    const seen: string[] = [];
    afterLazyParts(() => seen.push('now'));
    expect(seen).toEqual(['now']);
  });

  it('waits, while a prerendered page hydrates, for a part still fetching its code, whose markup does not answer until then', async () => {
    const part = heldPart();
    const { before, presses } = await hydrateBeside(lazyComponent(part.load), part);
    expect(before).toEqual({ seen: [], presses: 0 });
    expect(presses).toBe(1);
  });

  it('waits in the same way for a part loaded as a default export (lazyPart)', async () => {
    const part = heldPart();
    const Part = lazyPart<object>(() => part.load().then((component) => ({ default: component })));
    const { before, presses } = await hydrateBeside(Part, part);
    expect(before).toEqual({ seen: [], presses: 0 });
    expect(presses).toBe(1);
  });

  it('renders what its boundary puts after a page (AfterLoad) once the page has rendered, and only after the page', async () => {
    const part = heldPart();
    const Inner = lazyComponent(() => Promise.resolve(() => <p>Inner</p>));
    const Page = lazyComponent(() =>
      part.load().then((Button) => () => (
        <>
          <Button />
          <Inner />
        </>
      )),
    );
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading…</p>}>
          <AfterLoad value={<p>After</p>}>
            <Page />
          </AfterLoad>
        </Suspense>,
      );
    });
    expect(screen.queryByText('After')).not.toBeInTheDocument();
    await act(async () => part.arrive());
    expect(await screen.findByText('Inner')).toBeInTheDocument();
    expect(screen.getAllByText('After')).toHaveLength(1);
  });
});
