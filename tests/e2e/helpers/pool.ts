/**
 * Spreads per-route browser work over a few tabs while Vitest still reports one test per route.
 *
 * Vitest runs the tests of a file one after another. For the specs that visit every route, the
 * work of route n+1 can start while the test of route n is still waiting for its own: each
 * worker (a tab) takes the next route in list order, and each test awaits its route's result.
 * A failure stays with its route: the test that awaits it fails with that error.
 */
export function inParallel<Item, Worker, Result>(
  items: readonly Item[],
  workers: readonly Worker[],
  work: (worker: Worker, item: Item) => Promise<Result>,
): Map<Item, Promise<Result>> {
  const settle = new Map<Item, {resolve: (value: Result) => void; reject: (error: unknown) => void}>();
  const results = new Map<Item, Promise<Result>>();
  for (const item of items) {
    const promise = new Promise<Result>((resolve, reject) => settle.set(item, {resolve, reject}));
    // Awaited later by the item's test; until then a rejection is not "unhandled".
    promise.catch(() => undefined);
    results.set(item, promise);
  }

  let next = 0;
  const run = async (worker: Worker): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as Item;
      const {resolve, reject} = settle.get(item)!;
      try {
        resolve(await work(worker, item));
      } catch (error) {
        reject(error);
      }
    }
  };
  for (const worker of workers) void run(worker);
  return results;
}

/** The result for `item`, which inParallel() must have been given. */
export function resultFor<Item, Result>(results: Map<Item, Promise<Result>>, item: Item): Promise<Result> {
  const result = results.get(item);
  if (!result) throw new Error(`e2e: no work was scheduled for ${String(item)}`);
  return result;
}

/**
 * Tabs per spec file that visits every route: two, for the two cores the tests are sized for
 * (one renderer each). E2E_TABS=1 runs them one at a time, e.g. to read a failure in order.
 */
export const TABS = Math.max(1, Number(process.env.E2E_TABS ?? '2'));
