import {
  type ComponentType,
  createContext,
  type FunctionComponent,
  lazy,
  type ReactNode,
  use,
  useContext,
  useLayoutEffect,
} from 'react';

/**
 * What a lazy component renders after itself once it renders with its code (a page's boundary puts
 * its page's finishing steps here, see routes.tsx): in its own output, so that they run only once
 * it has rendered, never while it waits. The lazy components inside it do not render it again.
 */
export const AfterLoad = createContext<ReactNode>(null);

/**
 * Lazy parts that have suspended for their code and not yet rendered with it, and what waits for
 * none to be left (see afterLazyParts).
 */
let waiting = 0;
let whenNoneWaiting: Array<() => void> = [];

function doneWaiting() {
  waiting -= 1;
  if (waiting > 0) return;
  const callbacks = whenNoneWaiting;
  whenNoneWaiting = [];
  for (const callback of callbacks) callback();
}

/**
 * Calls `callback` once every lazy part that has suspended has rendered with its code (or failed):
 * at once when none is waiting. A part beside a lazy one in its Suspense boundary cannot tell
 * otherwise: hydrating, the renderer keeps a waiting part's server markup, inert, and renders the
 * parts around it. Returns a function that cancels the call. (A part left before its code came
 * counts until it is next rendered: meant for the page the browser opened on, as MarkHydrated.)
 */
export function afterLazyParts(callback: () => void): () => void {
  if (waiting === 0) {
    callback();
    return () => undefined;
  }
  whenNoneWaiting.push(callback);
  return () => {
    whenNoneWaiting = whenNoneWaiting.filter((waiter) => waiter !== callback);
  };
}

/** Rendered inside a lazy part's own output, after it: its layout effect runs once the part has rendered. */
function Rendered({ onRendered }: { onRendered(): void }) {
  useLayoutEffect(onRendered, [onRendered]);
  return null;
}

/** A lazy part's place in the count: taken when it suspends, given back once it has rendered or failed. */
function waitingPart() {
  let counted = false;
  return {
    get counted() {
      return counted;
    },
    suspend() {
      if (counted) return;
      counted = true;
      waiting += 1;
    },
    done() {
      if (!counted) return;
      counted = false;
      doneWaiting();
    },
  };
}

/** React's `lazy` for a module's default export, counted for afterLazyParts. */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const part = waitingPart();
  const done = () => part.done();
  let loaded = false;
  const Loaded = lazy(() =>
    load().then(
      ({ default: Component }) => {
        loaded = true;
        return {
          default: function LoadedPart(props: P) {
            return (
              <>
                <Component {...props} />
                <Rendered onRendered={done} />
              </>
            );
          },
        };
      },
      (error: unknown) => {
        part.done();
        throw error;
      },
    ),
  );
  return function LazyPart(props: P) {
    if (!loaded) part.suspend();
    return <Loaded {...props} />;
  };
}

/** A component whose code is fetched when it is first needed (see lazyComponent). */
export interface LazyComponent<P extends object = object> extends FunctionComponent<P> {
  /**
   * Fetches the code (once, or again when it failed) and settles when the component can render
   * without suspending.
   */
  load(): Promise<unknown>;
}

/**
 * `lazy`, except that a component whose code is already in renders at once, even the first time.
 * `lazy` suspends on every first render, however soon the code came: its boundary shows the
 * fallback (a spinner flashed over the page), and the component follows a render later. Asked for
 * early (`load`), the code is usually in by the time the component renders.
 */
export function lazyComponent<P extends object>(fetch: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let Ready: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  let failed = false;
  const part = waitingPart();
  const done = () => part.done();
  const start = (): Promise<ComponentType<P>> => {
    failed = false;
    loading = fetch().then(
      (component) => (Ready = component),
      (error: unknown) => {
        failed = true;
        part.done();
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(
    function Lazy(props: P) {
      const after = useContext(AfterLoad);
      // A render never asks again for code that failed: it throws the failure to the page's error
      // boundary, where a render that asked again would keep the spinner up while the line is down.
      if (!Ready && !failed) part.suspend();
      const Component = Ready ?? use(loading ?? start());
      return (
        <>
          <AfterLoad value={null}>
            <Component {...props} />
          </AfterLoad>
          {part.counted && <Rendered onRendered={done} />}
          {after}
        </>
      );
    },
    // Asked for ahead (a route's pages, a part the page will show), code that failed is asked for again.
    { load: (): Promise<ComponentType<P>> => (loading && !failed ? loading : start()) },
  );
}
