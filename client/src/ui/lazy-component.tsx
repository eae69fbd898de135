import { type ComponentType, type FunctionComponent, use } from 'react';

/** A component whose code is fetched when it is first needed (see lazyComponent). */
export interface LazyComponent<P extends object = object> extends FunctionComponent<P> {
  /**
   * Fetches the code (once; again after a failure) and settles when the component can render
   * without suspending.
   */
  load(): Promise<unknown>;
}

/**
 * React's `lazy`, except that a component whose code is already in renders at once, even the first
 * time. React's own suspends on every first render: its boundary shows the fallback, and React
 * then holds the component back until that fallback has stood 300 ms, however soon the code came.
 * Asked for early (`load`), the code is usually in by the time the component renders.
 */
export function lazyComponent<P extends object>(fetch: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let Ready: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const load = (): Promise<ComponentType<P>> =>
    (loading ??= fetch().then(
      (component) => (Ready = component),
      (error: unknown) => {
        // A chunk that failed (a deploy, a dropped line) is asked for again by the next render.
        loading = null;
        throw error;
      },
    ));
  return Object.assign(
    function Lazy(props: P) {
      const Component = Ready ?? use(load());
      return <Component {...props} />;
    },
    { load },
  );
}
