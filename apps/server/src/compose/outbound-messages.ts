/**
 * The messages feature's transport seam (features/messages/message-transport.ts) filled with the
 * real hops of lib/hisp and lib/mail: a Direct message to another domain goes to the
 * practice's HISP (DIRECT_SMTP_URL), an e-mail through the mail adapter (SMTP or the outbox), each
 * with its attachments. A refusal answers FAILED with a reason a patient can act on; the HISP's own
 * words are logged, not shown (they may name other people's addresses).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  hispRefusedReason,
  mailRefusedReason,
  outboundNotConfiguredReason,
  type MessageTransport,
} from '../features/messages/message-transport';
import { sendsDirectOutside, type HispClient } from '../lib/hisp/hisp-client';
import type { Mailer } from '../lib/mail/mailer';
import type { SettledMail } from '../lib/mail/mail-outbox';
import type { Db } from '../db/database';
import { directMessage } from '../db/schema';
import { markMessageFailed } from '../features/messages/messages.service';

export function createMessageTransport(deps: {
  hisp: HispClient;
  mailer: Mailer;
  logger: FastifyBaseLogger;
}): MessageTransport {
  return {
    async deliver(message) {
      // No HISP configured: say so rather than report a refusal that never happened.
      if (message.isDirect && !sendsDirectOutside(deps.hisp))
        return { status: 'FAILED', reason: outboundNotConfiguredReason };
      const attachments = await Promise.all(
        message.attachments.map(async (a) => ({
          fileName: a.name,
          contentType: a.mimeType,
          content: await a.read(),
        })),
      );
      try {
        if (message.isDirect) {
          await deps.hisp.send({
            from: message.from,
            to: message.to,
            subject: message.subject,
            text: message.content,
            attachments,
            // The copies' key is the Message-ID, so a delivery-failure notice finds them again.
            messageId: message.messageKey.startsWith('<') ? message.messageKey : `<${message.messageKey}>`,
          });
        } else {
          await deps.mailer.send({
            practiceId: message.practiceId,
            to: message.to,
            messageKey: message.messageKey,
            ...(message.mail ?? {
              subject: message.subject,
              text: message.content,
              html: '',
              category: 'PATIENT_EMAIL',
            }),
            attachments,
          });
          // Queued in the durable outbox: the copy follows the e-mail (settleMailedMessage).
          if (deps.mailer.queues) return { status: 'QUEUED' };
        }
        return { status: 'SENT' };
      } catch (error) {
        deps.logger.warn({ err: error, messageId: message.messageId }, 'outbound message refused');
        return { status: 'FAILED', reason: message.isDirect ? hispRefusedReason : mailRefusedReason };
      }
    },
  };
}

/**
 * The outbox's answer for an e-mail sent from the messages area: the sender's copy, QUEUED while
 * the e-mail waits, becomes SENT when the mail server takes it, FAILED when it refuses it for good or
 * the attempts run out.
 */
export function settleMailedMessage(db: Db): (mail: SettledMail) => Promise<void> {
  return async (mail) => {
    if (!mail.messageKey) return;
    if (mail.state === 'SENT')
      await db
        .update(directMessage)
        .set({ status: 'SENT', dateModified: sql`now()` })
        .where(
          and(
            eq(directMessage.messageKey, mail.messageKey),
            eq(directMessage.folder, 'SENT'),
            eq(directMessage.status, 'QUEUED'),
          ),
        );
    else await markMessageFailed(db, mail.messageKey, mailRefusedReason);
  };
}
