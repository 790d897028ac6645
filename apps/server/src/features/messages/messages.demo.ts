/**
 * The demo practice's messages, so every folder and state of the messages area shows: Direct turned
 * on for the practice with its own address, Direct addresses for Maria, Daniel and Emma; Maria has
 * read and unread inbox messages (one with a PDF attachment, one from last year for the 'MMM Do,
 * YYYY' date), a message she sent to the clinic and one that failed at another practice's HISP;
 * Emma has a message from the clinic and one Daniel sent for her. The attachment's bytes are
 * written to the blob store when the app starts and finds them missing, like the demo documents
 * (the seed runs without the blob store).
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

/** One seeded message: how long ago it was sent (and last changed), in whose folder, from whom. */
interface SeedMessage {
  patient: 'maria' | 'emma';
  /** INBOX: from the clinic, signed by `staff`. SENT: to the clinic. FAILED: to `to`, with the reason. */
  folder: 'INBOX' | 'SENT' | 'FAILED';
  staff?: string;
  to?: string;
  failureReason?: string;
  /** The account that pressed Send (Daniel for Emma). */
  sentBy?: 'maria' | 'daniel';
  subject: string;
  content: string;
  read: boolean;
  sentAgo: number;
  modifiedAgo?: number;
}

const seedTable: readonly SeedMessage[] = [
  {
    patient: 'maria',
    folder: 'INBOX',
    staff: 'Olivia Bennett, MD',
    subject: 'Your biopsy results',
    content:
      'Hello Maria,\n\nThe pathology report of the biopsy from your upper back is attached. The mole was benign and the margins are clear, so no further treatment is needed.\n\nOlivia Bennett, MD',
    read: false,
    sentAgo: 5 * hour,
  },
  {
    patient: 'maria',
    folder: 'INBOX',
    staff: 'Front desk',
    subject: 'Please bring your medication list',
    content:
      'Hello Maria,\n\nFor your visit next week, please bring a list of the medications and creams you use, including over-the-counter ones.\n\nThank you,\nThe front desk',
    read: false,
    sentAgo: 2 * day,
  },
  {
    patient: 'maria',
    folder: 'INBOX',
    staff: 'Marcus Hale, DO',
    subject: 'How is the new cream working?',
    content:
      'Hello Maria,\n\nIt has been three weeks since you started tretinoin. Any dryness or redness? Reply here and let me know.\n\nMarcus Hale, DO',
    read: true,
    sentAgo: 9 * day,
    modifiedAgo: 8 * day,
  },
  {
    patient: 'maria',
    folder: 'INBOX',
    staff: 'Front desk',
    subject: 'Welcome to secure messaging',
    content:
      'Hello Maria,\n\nYou can now write to the practice securely from the patient portal. We answer within two business days.\n\nThe front desk',
    read: true,
    sentAgo: 400 * day,
    modifiedAgo: 399 * day,
  },
  {
    patient: 'maria',
    folder: 'SENT',
    sentBy: 'maria',
    subject: 'Question about sunscreen',
    content:
      'Hello,\n\nIs a mineral sunscreen fine with the tretinoin cream, or should I use a specific one?\n\nMaria',
    read: true,
    sentAgo: 8 * day,
  },
  {
    patient: 'maria',
    folder: 'FAILED',
    sentBy: 'maria',
    to: 'dr.kim@direct.northside-allergy.org',
    failureReason:
      'The recipient’s Direct address was not found by their provider (HISP). Check the address and try again.',
    subject: 'Records for my allergy referral',
    content:
      'Dear Dr. Kim,\n\nAs discussed, here is a note about my patch test results before my visit.\n\nMaria Lopez',
    read: true,
    sentAgo: 6 * day,
  },
  {
    patient: 'emma',
    folder: 'INBOX',
    staff: 'Olivia Bennett, MD',
    subject: 'Emma’s eczema follow-up',
    content:
      'Hello,\n\nEmma’s skin looked much better at the last visit. Keep the moisturiser twice a day and the hydrocortisone only on flares.\n\nOlivia Bennett, MD',
    read: false,
    sentAgo: day,
  },
  {
    patient: 'emma',
    folder: 'SENT',
    // Daniel sent it for Emma: the send is recorded as his.
    sentBy: 'daniel',
    subject: 'Rescheduling Emma’s appointment',
    content: 'Hello,\n\nCould we move Emma’s appointment to an afternoon after school?\n\nDaniel Reed',
    read: true,
    sentAgo: 3 * day,
  },
];

/** The message with the demo PDF attached. */
const attachedTo = 'Your biopsy results';

function rowOf(demo: Parameters<DemoSeeder>[1], m: SeedMessage): typeof directMessage.$inferInsert {
  const own = demoAddresses[m.patient];
  const received = m.folder === 'INBOX';
  return {
    practiceId: demo.practiceId,
    patientId: demo.patients[m.patient],
    folder: m.folder,
    isDirect: true,
    mimeType: 'text/plain',
    fromAddress: received ? demoAddresses.practice : own,
    fromName: m.staff ?? null,
    sentByStaff: m.staff ?? null,
    toAddress: received ? own : (m.to ?? demoAddresses.practice),
    toPractice: m.folder === 'SENT',
    status: m.folder === 'FAILED' ? 'FAILED' : 'DELIVERED',
    failureReason: m.failureReason ?? null,
    sentByUserId: m.sentBy ? demo.users[m.sentBy] : null,
    subject: m.subject,
    content: m.content,
    messageWasRead: m.read,
    messageKey: key(),
    dateSent: ago(m.sentAgo),
    dateModified: ago(m.modifiedAgo ?? m.sentAgo),
  };
}

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

  const rows = await tx
    .insert(directMessage)
    .values(seedTable.map((m) => rowOf(demo, m)))
    .returning({ id: directMessage.id, subject: directMessage.subject });
  const withAttachment = rows.find((r) => r.subject === attachedTo);
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
