/**
 * The demo practice's messages (issue 12): Direct turned on for the practice with its own address,
 * Direct addresses for Maria, Daniel and Emma; Maria has read and unread inbox messages (one with a
 * PDF attachment, one from last year for the 'MMM Do, YYYY' date), a message she sent to the clinic
 * and one that failed at another practice's HISP; Emma has a message from the clinic and one Daniel
 * sent for her. The attachment's bytes are written to the blob store when the app starts and finds
 * them missing, like the demo documents (the seed runs without the blob store).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { DemoSeeder } from '../../demo/seed';
import { directMessage, directMessageAttachment, patient, practice } from '../../db/schema';
import type { BlobStore } from '../../lib/blob-store/blob-store';
import { blobKey } from '../../lib/blob-store/blob-store';
import { simplePdf } from '../../lib/demo-pdf';

export const demoDirectDomain = 'direct.dermis-demo.org';
export const demoAddresses = {
  practice: `frontdesk@${demoDirectDomain}`,
  maria: `maria.lopez@${demoDirectDomain}`,
  daniel: `daniel.reed@${demoDirectDomain}`,
  emma: `emma.reed@${demoDirectDomain}`,
} as const;

const attachmentName = 'biopsy-pathology-report.pdf';
const attachmentBytes = () =>
  simplePdf('Skin biopsy pathology report', [
    'Patient: Maria Lopez',
    'Specimen: shave biopsy, left upper back.',
    'Diagnosis: benign compound melanocytic nevus.',
    'Margins: clear. No further treatment needed.',
    'Olivia Bennett, MD',
  ]);
/** A fixed blob id, so a restart finds (or rewrites) the same blob. */
export const demoAttachmentS3Id = createHash('sha256')
  .update('dermis demo message attachment 1')
  .digest('hex')
  .slice(0, 32);

const hour = 3600 * 1000;
const day = 24 * hour;
const ago = (ms: number) => new Date(Date.now() - ms);
let keys = 0;
const key = () => `demo-${++keys}-${Date.now()}@${demoDirectDomain}`;

export const seedMessages: DemoSeeder = async (tx, demo) => {
  await tx
    .update(practice)
    .set({
      directServiceEnabled: true,
      directDomain: demoDirectDomain,
      directAddress: demoAddresses.practice,
    })
    .where(eq(practice.id, demo.practiceId));
  for (const [id, address] of [
    [demo.patients.maria, demoAddresses.maria],
    [demo.patients.daniel, demoAddresses.daniel],
    [demo.patients.emma, demoAddresses.emma],
  ] as const)
    await tx
      .update(patient)
      .set({ directAddress: address, directServiceEnabled: true })
      .where(eq(patient.id, id));

  const base = { practiceId: demo.practiceId, isDirect: true, mimeType: 'text/plain' };
  const fromClinic = (patientId: number, to: string) => ({
    ...base,
    patientId,
    folder: 'INBOX' as const,
    fromAddress: demoAddresses.practice,
    toAddress: to,
    status: 'DELIVERED' as const,
  });
  const rows = await tx
    .insert(directMessage)
    .values([
      {
        ...fromClinic(demo.patients.maria, demoAddresses.maria),
        fromName: 'Olivia Bennett, MD',
        sentByStaff: 'Olivia Bennett, MD',
        subject: 'Your biopsy results',
        content:
          'Hello Maria,\n\nThe pathology report of the biopsy from your upper back is attached. The mole was benign and the margins are clear, so no further treatment is needed.\n\nOlivia Bennett, MD',
        messageWasRead: false,
        messageKey: key(),
        dateSent: ago(5 * hour),
        dateModified: ago(5 * hour),
      },
      {
        ...fromClinic(demo.patients.maria, demoAddresses.maria),
        fromName: 'Front desk',
        sentByStaff: 'Front desk',
        subject: 'Please bring your medication list',
        content:
          'Hello Maria,\n\nFor your visit next week, please bring a list of the medications and creams you use, including over-the-counter ones.\n\nThank you,\nThe front desk',
        messageWasRead: false,
        messageKey: key(),
        dateSent: ago(2 * day),
        dateModified: ago(2 * day),
      },
      {
        ...fromClinic(demo.patients.maria, demoAddresses.maria),
        fromName: 'Marcus Hale, DO',
        sentByStaff: 'Marcus Hale, DO',
        subject: 'How is the new cream working?',
        content:
          'Hello Maria,\n\nIt has been three weeks since you started tretinoin. Any dryness or redness? Reply here and let me know.\n\nMarcus Hale, DO',
        messageWasRead: true,
        messageKey: key(),
        dateSent: ago(9 * day),
        dateModified: ago(8 * day),
      },
      {
        ...fromClinic(demo.patients.maria, demoAddresses.maria),
        fromName: 'Front desk',
        sentByStaff: 'Front desk',
        subject: 'Welcome to secure messaging',
        content:
          'Hello Maria,\n\nYou can now write to the practice securely from the patient portal. We answer within two business days.\n\nThe front desk',
        messageWasRead: true,
        messageKey: key(),
        dateSent: ago(400 * day),
        dateModified: ago(399 * day),
      },
      {
        ...base,
        patientId: demo.patients.maria,
        folder: 'SENT' as const,
        fromAddress: demoAddresses.maria,
        toAddress: demoAddresses.practice,
        subject: 'Question about sunscreen',
        content:
          'Hello,\n\nIs a mineral sunscreen fine with the tretinoin cream, or should I use a specific one?\n\nMaria',
        messageWasRead: true,
        status: 'DELIVERED' as const,
        sentByUserId: demo.users.maria,
        toPractice: true,
        messageKey: key(),
        dateSent: ago(8 * day),
        dateModified: ago(8 * day),
      },
      {
        ...base,
        patientId: demo.patients.maria,
        folder: 'FAILED' as const,
        fromAddress: demoAddresses.maria,
        toAddress: 'dr.kim@direct.northside-allergy.org',
        subject: 'Records for my allergy referral',
        content:
          'Dear Dr. Kim,\n\nAs discussed, here is a note about my patch test results before my visit.\n\nMaria Lopez',
        messageWasRead: true,
        status: 'FAILED' as const,
        failureReason:
          'The recipient’s Direct address was not found by their provider (HISP). Check the address and try again.',
        sentByUserId: demo.users.maria,
        messageKey: key(),
        dateSent: ago(6 * day),
        dateModified: ago(6 * day),
      },
      {
        ...fromClinic(demo.patients.emma, demoAddresses.emma),
        fromName: 'Olivia Bennett, MD',
        sentByStaff: 'Olivia Bennett, MD',
        subject: 'Emma’s eczema follow-up',
        content:
          'Hello,\n\nEmma’s skin looked much better at the last visit. Keep the moisturiser twice a day and the hydrocortisone only on flares.\n\nOlivia Bennett, MD',
        messageWasRead: false,
        messageKey: key(),
        dateSent: ago(day),
        dateModified: ago(day),
      },
      {
        ...base,
        patientId: demo.patients.emma,
        folder: 'SENT' as const,
        fromAddress: demoAddresses.emma,
        toAddress: demoAddresses.practice,
        subject: 'Rescheduling Emma’s appointment',
        content: 'Hello,\n\nCould we move Emma’s appointment to an afternoon after school?\n\nDaniel Reed',
        messageWasRead: true,
        status: 'DELIVERED' as const,
        // Daniel sent it for Emma: the send is recorded as his.
        sentByUserId: demo.users.daniel,
        toPractice: true,
        messageKey: key(),
        dateSent: ago(3 * day),
        dateModified: ago(3 * day),
      },
    ])
    .returning({ id: directMessage.id, subject: directMessage.subject });
  const withAttachment = rows.find((r) => r.subject === 'Your biopsy results');
  if (!withAttachment) throw new Error('seedMessages: the message with the attachment is missing');
  await tx.insert(directMessageAttachment).values({
    patientId: demo.patients.maria,
    messageId: withAttachment.id,
    channel: 'DIRECT_MESSAGING',
    s3Id: demoAttachmentS3Id,
    name: attachmentName,
    mimeType: 'application/pdf',
    size: attachmentBytes().length,
  });
};

/** Writes the demo attachment's bytes when its row exists and the blob is missing (at start-up). */
export async function ensureDemoMessageBlobs(db: Db, blobs: BlobStore): Promise<boolean> {
  const [row] = await db
    .select({ id: directMessageAttachment.id })
    .from(directMessageAttachment)
    .where(eq(directMessageAttachment.s3Id, demoAttachmentS3Id))
    .limit(1);
  const blob = blobKey('messages', demoAttachmentS3Id);
  if (!row || (await blobs.head(blob))) return false;
  await blobs.put(blob, attachmentBytes(), 'application/pdf');
  return true;
}
