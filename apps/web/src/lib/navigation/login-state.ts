import { z } from 'zod';

/**
 * What other pages hand to /login through the router's location state (spec 000 §2): banners to show,
 * a username to prefill, and `from`, the location a guard turned away, to return to after sign-in.
 */
export const loginState = z.object({
  errors: z.array(z.string()).optional(),
  warnings: z.array(z.string()).optional(),
  notifications: z.array(z.string()).optional(),
  username: z.string().optional(),
  from: z
    .object({ pathname: z.string(), search: z.string().default(''), hash: z.string().default('') })
    .optional(),
});
export type LoginState = z.input<typeof loginState>;
export type LoginFrom = NonNullable<z.output<typeof loginState>['from']>;

/** Location state is whatever the last navigation left; anything unexpected reads as empty. */
export function readLoginState(state: unknown): z.output<typeof loginState> {
  const parsed = loginState.safeParse(state ?? {});
  return parsed.success ? parsed.data : {};
}
