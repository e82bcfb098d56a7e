/**
 * Begins an async generator at once (a model call goes out while the caller still writes its
 * bookkeeping) and hands back an iterator over the same items. Whoever starts it must either
 * consume the result or abort the work's signal.
 */
export function startEarly<T>(generator: AsyncGenerator<T, void, undefined>): AsyncGenerator<T, void, undefined> {
  const first = generator.next();
  first.catch(() => undefined); // reported when consumed
  return (async function* () {
    let step = await first;
    while (!step.done) {
      yield step.value;
      step = await generator.next();
    }
  })();
}
