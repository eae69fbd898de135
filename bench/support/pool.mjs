/**
 * `work` on each of `items`, at most `concurrency` at a time, each started as soon as one before it
 * ends; the answers in the items' order.
 */
export async function mapInTurns(items, concurrency, work) {
  const answers = new Array(items.length);
  let next = 0;
  const take = async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, take));
  return answers;
}
