/**
 * The inbound Direct listener (lib/hisp/inbound-listener.ts) filing into the messages feature: a
 * recipient is known when it is an active patient's Direct address or a practice's own (the clinic's
 * inbox); a received message is filed by the messages feature's one path for received mail, its
 * attachments checked by size and content like uploads; a delivery-failure notice fails the send it
 * names. Features do not import each other, so the two meet here.
 */
import type { Db } from '../db/database';
import type { BlobStore } from '../lib/blob-store/blob-store';
import { SmtpRefusal, type DirectInbox } from '../lib/hisp/inbound-listener';
import { deliveryFailedReason } from '../features/messages/message-transport';
import { AttachmentRefused, deliverInbound, directRecipient } from '../features/messages/messages.received';
import { markMessageFailed } from '../features/messages/messages.service';

export function databaseDirectInbox(db: Db, blobs: BlobStore): DirectInbox {
  return {
    async knows(address) {
      return (await directRecipient(db, address)) !== null;
    },

    async deliver(message) {
      try {
        await deliverInbound(
          { db, blobs },
          {
            from: message.from,
            fromName: message.fromName,
            to: message.to,
            subject: message.subject,
            content: message.text,
            mimeType: 'text/plain',
            isDirect: true,
            messageKey: message.messageId ?? undefined,
            attachments: message.attachments.map((a) => ({ name: a.fileName, bytes: a.content })),
          },
        );
      } catch (error) {
        // Refused whole, so the HISP returns it to its sender, who can send what a patient could
        // (decision 120). The reply names no file: it travels back through other systems.
        if (error instanceof AttachmentRefused)
          throw error.reason === 'TOO_LARGE'
            ? new SmtpRefusal('An attachment exceeds the 3.5 MB limit', 552)
            : new SmtpRefusal('5.7.1 An attachment is not an allowed file type', 554);
        throw error;
      }
    },

    async markFailed(messageId) {
      // Keys are kept without angle brackets; a notice quotes them with, older keys may have them.
      const bare = messageId.replace(/^<|>$/g, '');
      const a = await markMessageFailed(db, messageId, deliveryFailedReason);
      const b = bare === messageId ? 0 : await markMessageFailed(db, bare, deliveryFailedReason);
      return a + b > 0;
    },
  };
}
