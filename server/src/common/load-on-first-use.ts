/**
 * A provider's SDK, loaded when the shop first calls the provider rather than at start-up: a shop
 * that does not use Stripe, PayPal, Mailgun or S3 never loads their code. `load()` imports it once
 * (a second call gets the same import); `loaded` is the module once it has arrived, for what must
 * not wait, such as telling the SDK's own errors apart (one can only have come from it once loaded).
 */
export interface LoadedOnFirstUse<T> {
  load(): Promise<T>;
  readonly loaded: T | undefined;
}

export function loadOnFirstUse<T>(importModule: () => Promise<T>): LoadedOnFirstUse<T> {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  return {
    load() {
      loading ??= importModule().then((module) => (loaded = module));
      return loading;
    },
    get loaded() {
      return loaded;
    },
  };
}
