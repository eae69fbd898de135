import type { ComponentType } from 'react';

import { type LazyComponent, lazyComponent } from './lazy-component';

// Its own chunk: Apollo Client arrives with the first page that needs it, not with the home page.
const loadApolloProvider = () => import('../apollo-provider');

/** A page in a chunk of its own (see lazyPage); the shell renders its page once `load` has settled. */
export type LazyPage = LazyComponent;

/**
 * The page exported as `name` from a chunk of its own, as one lazy component. With `apollo`, for a
 * page whose components use Apollo's React hooks (`useQuery`, `useMutation`, `useApolloClient`:
 * they need the client as they render), Apollo Client's chunk is fetched beside the page's and
 * provided around it. A page without it loads the client itself when it needs it, with
 * `useApolloClientLater` (the order form); the prerendered ones are rendered at build time without
 * it, so a hook there that needs the client fails the build.
 *
 * One component, so the page's boundary suspends once, until both are in: a page nested in a lazy
 * provider would be asked for only once the provider had arrived, and would then suspend again,
 * each time behind its spinner.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  { apollo = false }: { apollo?: boolean } = {},
): LazyPage {
  return lazyComponent(async () => {
    if (!apollo) return (await load())[name];
    const [{ default: SiteApolloProvider }, module] = await Promise.all([loadApolloProvider(), load()]);
    const Page: ComponentType = module[name];
    return function PageWithApollo() {
      return (
        <SiteApolloProvider>
          <Page />
        </SiteApolloProvider>
      );
    };
  });
}
