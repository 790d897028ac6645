/**
 * The development mailbox: every e-mail the outbox mailer kept, readable in a browser and as JSON for
 * browser tests. Registered only outside production and only when mail goes to the outbox; with SMTP
 * there is nothing to show and in production the addresses would be patients' own. It answers only
 * this machine (lib/loopback.ts): the quick start runs in development, and the mailbox holds every
 * password-reset and account link; anyone else gets the same 404 as an address that does not exist.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { entityId, safeString } from '@dermis/contract';
import { z } from 'zod';
import { mailOutbox, mailOutboxAttachment } from '../../db/schema';
import { OutboxMailer } from '../../lib/mail/outbox-mailer';
import { isLoopbackClient } from '../../lib/loopback';
import { sendNotFound } from '../../plugins/error-handler';
import { renderMailboxList, renderMailboxMessage } from './dev-mailbox.pages';

/** How many messages a list shows: enough for any development session or test run. */
const listLimit = 200;

export function devMailboxEnabled(app: FastifyInstance): boolean {
  return app.config.environment !== 'production' && app.mailer instanceof OutboxMailer;
}

export async function devMailboxRoutes(app: FastifyInstance): Promise<void> {
  if (!devMailboxEnabled(app)) return;

  // Hooks of this plugin apply to its routes only.
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackClient(request)) return sendNotFound(reply);
  });

  const select = {
    id: mailOutbox.id,
    to: mailOutbox.toAddress,
    subject: mailOutbox.subject,
    text: mailOutbox.textBody,
    html: mailOutbox.htmlBody,
    category: mailOutbox.category,
    createdAt: mailOutbox.createdAt,
  };

  /** The attachments of these messages (name, type, size and download address), by message id. */
  const attachmentsOf = async (ids: number[]) => {
    const byMail = new Map<number, { fileName: string; contentType: string; size: number; url: string }[]>();
    if (ids.length === 0) return byMail;
    const rows = await app.db
      .select({
        mailId: mailOutboxAttachment.mailId,
        position: mailOutboxAttachment.position,
        fileName: mailOutboxAttachment.fileName,
        contentType: mailOutboxAttachment.contentType,
        size: sql<number>`octet_length(${mailOutboxAttachment.content})`.mapWith(Number),
      })
      .from(mailOutboxAttachment)
      .where(inArray(mailOutboxAttachment.mailId, ids))
      .orderBy(asc(mailOutboxAttachment.mailId), asc(mailOutboxAttachment.position));
    for (const r of rows) {
      const list = byMail.get(r.mailId) ?? [];
      list.push({
        fileName: r.fileName,
        contentType: r.contentType,
        size: r.size,
        url: `/dev/mailbox/${r.mailId}/attachments/${r.position}`,
      });
      byMail.set(r.mailId, list);
    }
    return byMail;
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
    const attachments = await attachmentsOf(rows.map((r) => r.id));
    return reply.header('Cache-Control', 'no-store').send(
      rows.map((r) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        attachments: attachments.get(r.id) ?? [],
      })),
    );
  });

  app.get('/dev/mailbox/:id/attachments/:position', async (request, reply) => {
    const params = z
      .object({ id: z.coerce.number().pipe(entityId), position: z.coerce.number().int().min(0).max(1000) })
      .safeParse(request.params);
    if (!params.success) return sendNotFound(reply);
    const [row] = await app.db
      .select({
        fileName: mailOutboxAttachment.fileName,
        contentType: mailOutboxAttachment.contentType,
        content: mailOutboxAttachment.content,
      })
      .from(mailOutboxAttachment)
      .where(
        and(
          eq(mailOutboxAttachment.mailId, params.data.id),
          eq(mailOutboxAttachment.position, params.data.position),
        ),
      );
    if (!row) return sendNotFound(reply);
    return reply
      .type(row.contentType)
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="${row.fileName.replace(/["\\\r\n]/g, '_')}"`)
      .send(row.content);
  });

  app.get('/dev/mailbox/:id', async (request, reply) => {
    const params = z.object({ id: z.coerce.number().pipe(entityId) }).safeParse(request.params);
    if (!params.success) return sendNotFound(reply);
    const [row] = await app.db.select(select).from(mailOutbox).where(eq(mailOutbox.id, params.data.id));
    if (!row) return sendNotFound(reply);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(renderMailboxMessage({ ...row, attachments: (await attachmentsOf([row.id])).get(row.id) ?? [] }));
  });

  return Promise.resolve();
}
