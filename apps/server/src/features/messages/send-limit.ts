/**
 * Daily send limits: a patient account cannot turn the portal into a spam relay.
 * Every patient send (a message, an e-mail, a transmitted summary) counts once against the acting
 * account and once against its practice for the current UTC day, in the shared counters (Redis when
 * REDIS_URL is set, in process otherwise). The count is taken BEFORE the send, atomically, so
 * parallel sends cannot all slip past the limit (the same rule as sign-in throttling, decision 043);
 * a send over the limit is given back so that it does not eat tomorrow's allowance of the practice.
 */
import { errorCodes } from '@dermis/contract';
import type { Config } from '../../config/env';
import type { CounterStore } from '../../lib/counters/counter-store';
import { httpError } from '../../lib/http-error';

export interface SendLimitDeps {
  counters: CounterStore;
  config: Pick<Config, 'sendLimitPerAccount' | 'sendLimitPerPractice'>;
}

/** The window outlives the day so a key never expires while its day is still the current one. */
const windowSeconds = 2 * 86_400;

export function sendLimitKeys(actor: { userId: number; practiceId: number }, now: Date) {
  const day = now.toISOString().slice(0, 10);
  return {
    account: `send-limit:account:${actor.userId}:${day}`,
    practice: `send-limit:practice:${actor.practiceId}:${day}`,
  };
}

/**
 * Counts one send of `actor` (the signed-in account, also when acting for another patient) or
 * answers 429 with a message naming the limit that was reached.
 */
export async function countSend(
  deps: SendLimitDeps,
  actor: { userId: number; practiceId: number },
  now: Date = new Date(),
): Promise<void> {
  const keys = sendLimitKeys(actor, now);
  const account = await deps.counters.increment(keys.account, windowSeconds);
  if (account > deps.config.sendLimitPerAccount) {
    await deps.counters.decrement(keys.account);
    throw httpError(429, errorCodes.tooManyAttempts, 'server.error.sendLimitAccount', {
      limit: deps.config.sendLimitPerAccount,
    });
  }
  const practice = await deps.counters.increment(keys.practice, windowSeconds);
  if (practice > deps.config.sendLimitPerPractice) {
    await Promise.all([deps.counters.decrement(keys.practice), deps.counters.decrement(keys.account)]);
    throw httpError(429, errorCodes.tooManyAttempts, 'server.error.sendLimitPractice');
  }
}
