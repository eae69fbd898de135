import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// Its own chunk: Apollo Client arrives with the first page that needs it, not with the home page.
const loadApolloProvider = () => import('../apollo-provider');

/**
 * A page in a chunk of its own, as one lazy component: with `apollo` (the default), Apollo
 * Client's chunk is fetched beside the page's and provided around it. One component, so the
 * page's boundary suspends once, until both are in: a page nested in a lazy provider would be
 * asked for only once the provider had arrived, and would then suspend again, each time held
 * back by React's pause before it replaces a spinner.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  { apollo = true }: { apollo?: boolean } = {},
): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    if (!apollo) return { default: pick(await load()) };
    const [{ default: SiteApolloProvider }, module] = await Promise.all([loadApolloProvider(), load()]);
    const Page = pick(module);
    return {
      default: function PageWithApollo() {
        return (
          <SiteApolloProvider>
            <Page />
          </SiteApolloProvider>
        );
      },
    };
  });
}
