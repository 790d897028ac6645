/**
 * The messages feature's transport seam (features/messages/message-transport.ts) filled with the
 * real hops of features/message-transport: a Direct message to another domain goes to the
 * practice's HISP (DIRECT_SMTP_URL), an e-mail through the mail adapter (SMTP or the outbox), each
 * with its attachments. A refusal answers FAILED with a reason a patient can act on; the HISP's own
 * words are logged, not shown (they may name other people's addresses).
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  hispRefusedReason,
  mailRefusedReason,
  outboundNotConfiguredReason,
  type MessageTransport,
} from '../features/messages/message-transport';
import { NoHispClient, type HispClient } from '../features/message-transport/hisp-client';
import type { Mailer } from '../lib/mail/mailer';

export function createMessageTransport(deps: {
  hisp: HispClient;
  mailer: Mailer;
  logger: FastifyBaseLogger;
}): MessageTransport {
  return {
    async deliver(message) {
      // No HISP configured: say so rather than report a refusal that never happened.
      if (message.isDirect && deps.hisp instanceof NoHispClient)
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
            ...(message.mail ?? {
              subject: message.subject,
              text: message.content,
              html: '',
              category: 'PATIENT_EMAIL',
            }),
            attachments,
          });
        }
        return { status: 'SENT' };
      } catch (error) {
        deps.logger.warn({ err: error, messageId: message.messageId }, 'outbound message refused');
        return { status: 'FAILED', reason: message.isDirect ? hispRefusedReason : mailRefusedReason };
      }
    },
  };
}
