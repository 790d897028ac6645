/**
 * One of each item a patient-scoped call may name instead of its patient (contract `OwnedItem`): a
 * visit, a consent of that visit, a received message and its attachment, all of one patient. The
 * access tests name them as another patient would.
 */
import type { OwnedItem } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { consent, consentProfile, directMessageAttachment, encounter } from '../db/schema';
import { deliverToInbox } from '../features/messages/messages.received';

export type OwnedItems = Record<OwnedItem, number>;

export async function givenOwnedItems(
  app: FastifyInstance,
  practiceId: number,
  patientId: number,
): Promise<OwnedItems> {
  const db = app.db;
  const [e] = await db
    .insert(encounter)
    .values({
      practiceId,
      patientId,
      externalId: `E-${patientId}`,
      dateOfService: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: encounter.id });
  const [p] = await db
    .insert(consentProfile)
    .values({ practiceId, externalId: `P-${patientId}`, title: 'Consent', text: 'Text' })
    .returning({ id: consentProfile.id });
  const [c] = await db
    .insert(consent)
    .values({
      practiceId,
      patientId,
      encounterId: e!.id,
      consentProfileId: p!.id,
      externalId: `C-${patientId}`,
    })
    .returning({ id: consent.id });
  const message = await deliverToInbox(app, {
    patientId,
    from: 'clinic@direct.example.org',
    to: 'patient@direct.example.org',
    subject: 'Private',
    content: 'Private',
    mimeType: 'text/plain',
    isDirect: true,
    attachments: [{ name: 'a.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') }],
  });
  const [attachment] = await db
    .select({ id: directMessageAttachment.id })
    .from(directMessageAttachment)
    .where(eq(directMessageAttachment.messageId, message.id));
  return { encounter: e!.id, consent: c!.id, message: message.id, attachment: attachment!.id };
}
