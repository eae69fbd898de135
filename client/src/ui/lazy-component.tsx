import { type ComponentType, type FunctionComponent, use } from 'react';

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
  const start = (): Promise<ComponentType<P>> => {
    failed = false;
    loading = fetch().then(
      (component) => (Ready = component),
      (error: unknown) => {
        failed = true;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(
    function Lazy(props: P) {
      // A render never asks again for code that failed: it throws the failure to the page's error
      // boundary, where a render that asked again would keep the spinner up while the line is down.
      const Component = Ready ?? use(loading ?? start());
      return <Component {...props} />;
    },
    // Asked for ahead (a route's pages, a part the page will show), code that failed is asked for again.
    { load: (): Promise<ComponentType<P>> => (loading && !failed ? loading : start()) },
  );
}
