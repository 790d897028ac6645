/**
 * Maria's demo documents: some inside the default 7-day range, some only in the 15-day and 1-month
 * shortcuts, one older. The rows are written in the seed's transaction; their bytes are generated
 * (deterministic PDFs and text) and written to the blob store when the app starts and finds them
 * missing, because the seed runs without the blob store (and a store may be configured later).
 */
import { createHash } from 'node:crypto';
import { like } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { DemoSeeder } from '../../demo/seed';
import { patientDocument } from '../../db/schema';
import type { BlobStore } from '../../lib/blob-store/blob-store';
import { blobKey } from '../../lib/blob-store/blob-store';
import { simplePdf } from './demo-pdf';

const demoPrefix = 'DEMO-DOC-';

interface DemoDocument {
  externalId: string;
  name: string;
  fileName: string;
  mimeType: 'application/pdf' | 'text/plain';
  daysAgo: number;
  owner: string;
  lines: string[];
}

export const demoDocuments: DemoDocument[] = [
  {
    externalId: `${demoPrefix}1`,
    name: 'Visit summary - acne follow-up',
    fileName: 'visit-summary-acne-follow-up.pdf',
    mimeType: 'application/pdf',
    daysAgo: 1,
    owner: 'Olivia Bennett, MD',
    lines: [
      'Patient: Maria Lopez',
      'Assessment: acne vulgaris, improving on topical tretinoin 0.025%.',
      'Plan: continue nightly; sunscreen SPF 30+ every morning.',
      'Follow-up in 8 weeks.',
    ],
  },
  {
    externalId: `${demoPrefix}2`,
    name: 'Patch test results',
    fileName: 'patch-test-results.pdf',
    mimeType: 'application/pdf',
    daysAgo: 4,
    owner: 'Marcus Hale, DO',
    lines: [
      'Patient: Maria Lopez',
      'Nickel sulfate: positive (++) at 72 h.',
      'Fragrance mix I: negative.',
      'Advice: avoid nickel-containing jewellery and belt buckles.',
    ],
  },
  {
    externalId: `${demoPrefix}3`,
    name: 'Skin biopsy pathology report',
    fileName: 'skin-biopsy-pathology-report.pdf',
    mimeType: 'application/pdf',
    daysAgo: 11,
    owner: 'Olivia Bennett, MD',
    lines: [
      'Specimen: shave biopsy, left upper back.',
      'Diagnosis: benign compound melanocytic nevus.',
      'Margins: clear. No further treatment needed.',
    ],
  },
  {
    externalId: `${demoPrefix}4`,
    name: 'Skin care instructions',
    fileName: 'skin-care-instructions.txt',
    mimeType: 'text/plain',
    daysAgo: 24,
    owner: 'Olivia Bennett, MD',
    lines: [
      'Wash with a gentle, fragrance-free cleanser twice a day.',
      'Apply moisturiser while the skin is still damp.',
      'Use a broad-spectrum sunscreen, SPF 30 or higher.',
    ],
  },
  {
    externalId: `${demoPrefix}5`,
    name: 'Referral letter',
    fileName: 'referral-letter.pdf',
    mimeType: 'application/pdf',
    daysAgo: 75,
    owner: 'Marcus Hale, DO',
    lines: [
      'Dear colleague,',
      'I am referring Maria Lopez for evaluation of recurrent hand dermatitis.',
      'Kind regards, Marcus Hale, DO',
    ],
  },
];

function bytesOf(document: DemoDocument): Buffer {
  return document.mimeType === 'application/pdf'
    ? simplePdf(document.name, document.lines)
    : Buffer.from(`${document.name}\n\n${document.lines.join('\n')}\n`, 'utf8');
}

/** A fixed blob id per demo document, so a restart finds (or rewrites) the same blob. */
function demoS3Id(externalId: string): string {
  return createHash('sha256').update(`dermis demo document ${externalId}`).digest('hex').slice(0, 32);
}

export const seedDocuments: DemoSeeder = async (tx, demo) => {
  const day = 24 * 60 * 60 * 1000;
  await tx.insert(patientDocument).values(
    demoDocuments.map((d) => ({
      practiceId: demo.practiceId,
      patientId: demo.patients.maria,
      externalId: d.externalId,
      name: d.name,
      fileName: d.fileName,
      mimeType: d.mimeType,
      contentS3Id: demoS3Id(d.externalId),
      contentLength: bytesOf(d).length,
      ownerFullName: d.owner,
      dateCreated: new Date(Date.now() - d.daysAgo * day),
    })),
  );
};

/** Writes the bytes of every seeded demo document whose blob is missing (at start-up). */
export async function ensureDemoDocumentBlobs(db: Db, blobs: BlobStore): Promise<number> {
  const rows = await db
    .select({ externalId: patientDocument.externalId, contentS3Id: patientDocument.contentS3Id })
    .from(patientDocument)
    .where(like(patientDocument.externalId, `${demoPrefix}%`));
  let written = 0;
  for (const row of rows) {
    const document = demoDocuments.find((d) => d.externalId === row.externalId);
    if (!document || row.contentS3Id !== demoS3Id(document.externalId)) continue;
    const key = blobKey('documents', row.contentS3Id);
    if (await blobs.head(key)) continue;
    await blobs.put(key, bytesOf(document), document.mimeType);
    written += 1;
  }
  return written;
}
