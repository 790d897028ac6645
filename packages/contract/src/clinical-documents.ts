/**
 * Clinical documents: a CDA R2 document (a C-CDA received from elsewhere)
 * that clinic staff attach to an encounter through the integration API or the CLI, shown to the
 * patient by the complete-record viewer. spec 001/002 §7: POST patient/viewCCDADocument with
 * encounterId and patientId answers the XML in the field `xml`.
 */
import { z } from 'zod';
import { describeCall, who } from './call';
import { errorResponse } from './errors';
import { externalIdParams } from './integration';
import { apiPrefix } from './routes';
import { entityId, safeString } from './rules';

/** The largest document accepted, in UTF-8 bytes (the largest public C-CDA samples are about 1 MB). */
export const clinicalDocumentMaxBytes = 8 * 1024 * 1024;

export const viewCcdaDocumentRequest = z.object({ encounterId: entityId, patientId: entityId });
export type ViewCcdaDocumentRequest = z.infer<typeof viewCcdaDocumentRequest>;

export const viewCcdaDocumentResponse = z.object({ xml: z.string() });
export type ViewCcdaDocumentResponse = z.infer<typeof viewCcdaDocumentResponse>;

export const attachClinicalDocumentRequest = z.object({
  /** The document itself: well-formed XML whose root is an HL7 v3 ClinicalDocument, no DOCTYPE. */
  xml: safeString.min(1).max(clinicalDocumentMaxBytes),
  /** Who sent it, e.g. "Naples Community Hospital via Direct". */
  source: safeString.trim().min(1).max(200),
  /** Shown in lists; default: the document's own title. */
  title: safeString.trim().min(1).max(500).optional(),
});
export type AttachClinicalDocumentRequest = z.infer<typeof attachClinicalDocumentRequest>;

export const attachClinicalDocumentResponse = z.object({
  id: z.number().int(),
  encounterId: z.number().int(),
  title: z.string(),
  created: z.boolean(),
});
export type AttachClinicalDocumentResponse = z.infer<typeof attachClinicalDocumentResponse>;

/** The clinical document calls: the patient views, the clinic attaches. */
export const clinicalDocumentCalls = {
  view: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/patient/viewCCDADocument`,
    who: who.patientInBody('patientId'),
    body: viewCcdaDocumentRequest,
    response: viewCcdaDocumentResponse,
    answers: { 400: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  /** `:externalId` is the clinic's encounter id. */
  attach: describeCall({
    method: 'PUT',
    path: `${apiPrefix.integration}/encounters/:externalId/clinical-document`,
    who: who.apiKey,
    summary: 'Attach (or replace) the clinical document (CDA R2 / C-CDA XML) of an encounter',
    description:
      'The XML must be well formed, without DOCTYPE, with the root ClinicalDocument in urn:hl7-org:v3. The patient sees it in the complete-record viewer.',
    params: externalIdParams,
    body: attachClinicalDocumentRequest,
    response: attachClinicalDocumentResponse,
    answers: {
      201: attachClinicalDocumentResponse,
      400: errorResponse,
      401: errorResponse,
      404: errorResponse,
    },
  }),
};
