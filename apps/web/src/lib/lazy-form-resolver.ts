import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export interface LazyResolver<TIn extends FieldValues, TOut> extends Resolver<TIn, unknown, TOut> {
  /** Starts loading the schema and zod (e.g. when the visitor first focuses the form). */
  preload: () => void;
}

/**
 * `formResolver` for a schema that loads on demand: zod, the resolver and the shared schema stay
 * out of the page's first load and arrive while the visitor types (`preload` on first focus);
 * a submit before that waits for them.
 */
export function lazyFormResolver<TIn extends FieldValues, TOut>(
  loadSchema: () => Promise<z.ZodType<TOut, TIn>>,
): LazyResolver<TIn, TOut> {
  let pending: Promise<Resolver<TIn, unknown, TOut>> | null = null;
  const load = () => {
    pending ??= Promise.all([loadSchema(), import('./form-resolver')]).then(
      ([schema, { formResolver }]) =>
        formResolver(schema as z.ZodType<FieldValues, FieldValues>) as unknown as Resolver<
          TIn,
          unknown,
          TOut
        >,
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const resolver: Resolver<TIn, unknown, TOut> = async (values, context, options) =>
    (await load())(values, context, options);
  return Object.assign(resolver, { preload: () => void load().catch(() => {}) });
}
