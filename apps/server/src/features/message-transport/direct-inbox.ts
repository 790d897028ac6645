/**
 * The inbound listener's filing over the message tables: a recipient is known when it is an active
 * patient's Direct address; a received message becomes an INBOX copy in that patient's folder, its
 * attachments stored through the blob store; a delivery-failure notice fails the send it names.
 */
import { messageAttachmentMaxBytes } from '@dermis/contract';
import type { Db } from '../../db/database';
import type { BlobStore } from '../../lib/blob-store/blob-store';
import { newDirectMessageId } from './hisp-client';
import type { DirectInbox, InboundDirect } from './inbound-listener';
import { SmtpRefusal } from './inbound-listener';
import {
  deliveryFailedReason,
  insertCopy,
  localDirectRecipient,
  markFailedByMessageKey,
  storeAttachment,
} from './transport';

export function databaseDirectInbox(db: Db, blobs: BlobStore): DirectInbox {
  return {
    async knows(address) {
      return (await localDirectRecipient(db, address))?.kind === 'patient';
    },

    async deliver(message: InboundDirect) {
      // An attachment a patient could not have sent is refused whole, so the sender hears of it.
      const tooLarge = message.attachments.find((a) => a.content.length > messageAttachmentMaxBytes);
      if (tooLarge) throw new SmtpRefusal('An attachment exceeds the 3.5 MB limit', 552);
      const stored = await Promise.all(
        message.attachments
          .filter((a) => a.content.length > 0)
          .map((a) =>
            storeAttachment(blobs, {
              name: a.fileName.slice(0, 255),
              mimeType: a.contentType,
              content: a.content,
            }),
          ),
      );
      const messageKey = message.messageId ?? newDirectMessageId(message.from);
      await db.transaction(async (tx) => {
        for (const to of message.to) {
          const recipient = await localDirectRecipient(tx, to);
          if (recipient?.kind !== 'patient') continue;
          await insertCopy(
            tx,
            {
              practiceId: recipient.practiceId,
              patientId: recipient.patientId,
              folder: 'INBOX',
              status: 'DELIVERED',
              isDirect: true,
              fromAddress: message.from.slice(0, 320) || 'unknown',
              fromName: message.fromName?.slice(0, 200) ?? null,
              toAddress: to,
              subject: message.subject.slice(0, 998),
              content: message.text.slice(0, 1_000_000),
              mimeType: 'text/plain',
              messageWasRead: false,
              messageKey: messageKey.slice(0, 998),
            },
            stored,
            'DIRECT_MESSAGING',
            null,
          );
        }
      });
    },

    async markFailed(messageId) {
      // Transmit keys carry the angle brackets, the messages feature's keys do not: try both forms.
      const bare = messageId.replace(/^<|>$/g, '');
      const a = await markFailedByMessageKey(db, messageId, deliveryFailedReason);
      const b = await markFailedByMessageKey(db, bare, deliveryFailedReason);
      return a || b;
    },
  };
}
