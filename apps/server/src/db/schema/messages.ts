// Messages and their attachments (0080): see features/messages.
import type { MessageFolder, MessageStatus } from '@dermis/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { patient, practice, userAccount } from './core';

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

export const directMessage = pgTable(
  'direct_message',
  {
    id: id(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practice.id),
    /** NULL only for the clinic's copy of mail to the practice's own address (0090). */
    patientId: integer('patient_id').references(() => patient.id, { onDelete: 'cascade' }),
    folder: text('folder').$type<MessageFolder>().notNull(),
    isDirect: boolean('is_direct').notNull().default(true),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull().default(''),
    mimeType: text('mime_type').notNull().default('text/plain'),
    messageWasRead: boolean('message_was_read').notNull().default(false),
    status: text('status').$type<MessageStatus>().notNull(),
    failureReason: text('failure_reason'),
    sentByUserId: integer('sent_by_user_id').references(() => userAccount.id),
    sentByStaff: text('sent_by_staff'),
    toPractice: boolean('to_practice').notNull().default(false),
    clinicReadAt: timestamp('clinic_read_at', { withTimezone: true }),
    messageKey: text('message_key').notNull(),
    dateSent: timestamp('date_sent', { withTimezone: true }).notNull().defaultNow(),
    dateModified: timestamp('date_modified', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The message's attachments as the inbox page's JSON text, kept by a trigger on
     * direct_message_attachment (0488). Never written by the application.
     */
    attachmentsJson: text('attachments_json').notNull().default(''),
    /**
     * The message's own fields as the inbox page's JSON text, from `{"id":` through its failure
     * reason, kept by a trigger on every insert and change of the message (0495). Never written by
     * the application.
     */
    summaryJson: text('summary_json').notNull().default(''),
  },
  (t) => [
    index('direct_message_folder_idx').on(t.patientId, t.folder, t.dateSent, t.id),
    index('direct_message_key_idx').on(t.messageKey),
    /** Who pressed Send, for the inbox revision's triggers on a sender's renaming (0501). */
    index('direct_message_sender_idx')
      .on(t.sentByUserId, t.patientId)
      .where(sql`sent_by_user_id IS NOT NULL`),
  ],
);

/**
 * How many messages a patient's folder holds, and how many of them are unread (0488), kept by a
 * trigger on direct_message (0478): read by the folder's pages instead of counting its rows. Never
 * written by the application.
 */
export const directMessageFolderCount = pgTable(
  'direct_message_folder_count',
  {
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    folder: text('folder').$type<MessageFolder>().notNull(),
    messages: integer('messages').notNull(),
    unread: integer('unread').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.folder] })],
);

export const directMessageAttachment = pgTable(
  'direct_message_attachment',
  {
    id: id(),
    /** NULL only for an attachment of the clinic's copy (0090). */
    patientId: integer('patient_id').references(() => patient.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').references(() => directMessage.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['DIRECT_MESSAGING', 'PATIENT_EMAIL'] }).notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => userAccount.id),
    s3Id: text('s3_id').notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('direct_message_attachment_message_idx').on(t.messageId)],
);
