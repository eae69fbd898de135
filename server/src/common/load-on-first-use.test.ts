import { loadOnFirstUse } from './load-on-first-use';

describe('loadOnFirstUse', () => {
  it('imports nothing until asked, then once however often it is asked', async () => {
    const importModule = jest.fn(async () => ({ name: 'sdk' }));
    const sdk = loadOnFirstUse(importModule);
    expect(importModule).not.toHaveBeenCalled();
    expect(sdk.loaded).toBeUndefined();

    const [first, second] = await Promise.all([sdk.load(), sdk.load()]);
    expect(first).toBe(second);
    expect(await sdk.load()).toBe(first);
    expect(sdk.loaded).toBe(first);
    expect(importModule).toHaveBeenCalledTimes(1);
  });
});
