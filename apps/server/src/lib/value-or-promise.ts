/**
 * Calls `use` with a value known at once, or with what a promise brings once it settles: the
 * common case (a value held in memory) then takes no turn of the event loop, and the caller gets
 * a promise only when there was something to wait for.
 */
export function mapValueOrPromise<T, R>(
  value: T | Promise<T>,
  use: (known: T) => R,
): R | Promise<Awaited<R>> {
  // then() adopts a promise that `use` returns, hence Awaited (which then()'s own typing misses).
  return value instanceof Promise ? (value.then(use) as Promise<Awaited<R>>) : use(value);
}
