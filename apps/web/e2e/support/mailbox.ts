/**
 * The real outbox, read by browser tests through the development mailbox's JSON endpoint
 * (GET /dev/mailbox/messages.json?to=…), which the e2e server serves because it runs outside
 * production with the outbox mailer.
 */
import type { APIRequestContext } from '@playwright/test';

export interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  category: string;
  createdAt: string;
}

/** Every e-mail to `address` (case-insensitive), newest first. */
export async function mailTo(request: APIRequestContext, address: string): Promise<Mail[]> {
  const res = await request.get(`/dev/mailbox/messages.json?to=${encodeURIComponent(address)}`);
  if (!res.ok()) throw new Error(`dev mailbox answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as Mail[];
}

/** The newest e-mail to `address` matching `predicate`, polling for up to ~10 s. */
export async function waitForMail(
  request: APIRequestContext,
  address: string,
  predicate: (mail: Mail) => boolean = () => true,
): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await mailTo(request, address)).find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching e-mail to ${address} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The first absolute URL in the text body whose path starts with `pathPrefix`, as path + query so a
 * test can page.goto() it against its own baseURL.
 */
export function linkIn(mail: Mail, pathPrefix: string): string {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return url.pathname + url.search;
  }
  throw new Error(`no link starting with ${pathPrefix} in "${mail.subject}"`);
}
