import type { z } from 'zod';

/**
 * What a client may send to a zod body schema: its `z.input`, with every key that takes `undefined` optional, in
 * nested objects and arrays too. zod parses an absent key as `undefined`, but marks a key optional only when its
 * innermost schema is `.optional()`, so a preprocessed field ("blank or null becomes null") reads as required.
 * The request types of the modules' `*.inputs.ts` are `BodyInput<typeof someSchema>`. Types only.
 */
export type BodyInput<S extends z.ZodType> = Loose<z.input<S>>;

type Loose<T> = T extends readonly (infer E)[]
  ? Loose<E>[]
  : T extends Date
    ? T
    : T extends object
      ? Flat<{ [K in keyof T as undefined extends T[K] ? K : never]?: Loose<T[K]> } & { [K in keyof T as undefined extends T[K] ? never : K]: Loose<T[K]> }>
      : T;

type Flat<T> = { [K in keyof T]: T[K] };
