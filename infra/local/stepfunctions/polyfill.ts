// What aws-local-stepfunctions needs and Node 20 lacks: `Promise.withResolvers`, polyfilled once,
// before the library is loaded.
export type PromiseWithResolversFn = <T>() => { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void };
const P = Promise as unknown as { withResolvers?: PromiseWithResolversFn };
P.withResolvers ??= function <T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => {
    resolve = a;
    reject = b;
  });
  return { promise, resolve, reject };
};
