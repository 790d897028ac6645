/**
 * The development mailbox: every e-mail the outbox mailer kept, readable in a browser and as JSON for
 * browser tests. Registered only outside production and only when mail goes to the outbox; with SMTP
 * there is nothing to show and in production the addresses would be patients' own.
 */
import type { FastifyInstance } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import { entityId, safeString } from '@dermis/contract';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema';
import { OutboxMailer } from '../../lib/mail/outbox-mailer';
import { sendNotFound } from '../../plugins/error-handler';
import { renderMailboxList, renderMailboxMessage } from './dev-mailbox.pages';

/** How many messages a list shows: enough for any development session or test run. */
const listLimit = 200;

export function devMailboxEnabled(app: FastifyInstance): boolean {
  return app.config.environment !== 'production' && app.mailer instanceof OutboxMailer;
}

export async function devMailboxRoutes(app: FastifyInstance): Promise<void> {
  if (!devMailboxEnabled(app)) return;

  const select = {
    id: mailOutbox.id,
    to: mailOutbox.toAddress,
    subject: mailOutbox.subject,
    text: mailOutbox.textBody,
    html: mailOutbox.htmlBody,
    category: mailOutbox.category,
    createdAt: mailOutbox.createdAt,
  };

  app.get('/dev/mailbox', async (_request, reply) => {
    const rows = await app.db.select(select).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(listLimit);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(renderMailboxList(rows));
  });

  app.get('/dev/mailbox/messages.json', async (request, reply) => {
    const query = z.object({ to: safeString.optional() }).safeParse(request.query);
    const to = query.success ? query.data.to?.trim().toLowerCase() : undefined;
    const rows = await app.db
      .select(select)
      .from(mailOutbox)
      .where(to ? eq(sql`lower(${mailOutbox.toAddress})`, to) : undefined)
      .orderBy(desc(mailOutbox.id))
      .limit(listLimit);
    return reply
      .header('Cache-Control', 'no-store')
      .send(rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })));
  });

  app.get('/dev/mailbox/:id', async (request, reply) => {
    const params = z.object({ id: z.coerce.number().pipe(entityId) }).safeParse(request.params);
    if (!params.success) return sendNotFound(reply);
    const [row] = await app.db.select(select).from(mailOutbox).where(eq(mailOutbox.id, params.data.id));
    if (!row) return sendNotFound(reply);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(renderMailboxMessage(row));
  });

  return Promise.resolve();
}
