// The types of the module vite/compiled-validators.ts generates at build time from these very
// descriptions (decision 200): the checks answer the parsed value or null.
declare module 'virtual:compiled-validators' {
  import type {
    CallAnswer,
    CallDescription,
    ErrorResponse,
    practiceBrandingCalls,
    systemCalls,
  } from '@dermis/contract';

  export interface CompiledCall<D extends CallDescription> {
    readonly method: D['method'];
    readonly path: D['path'];
    readonly check: (body: unknown) => CallAnswer<D> | null;
  }

  export const publicConfig: CompiledCall<typeof systemCalls.config>;
  export const practiceBranding: CompiledCall<typeof practiceBrandingCalls.get>;
  export const isErrorResponse: (body: unknown) => ErrorResponse | null;
}
