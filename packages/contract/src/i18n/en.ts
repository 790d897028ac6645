/**
 * The English catalog: every user-facing string of Dermis, with the specification's exact wording.
 * The web app renders text only through `t(key)`, and the server answers with these texts, so a
 * second language is a second catalog, not a rewrite.
 *
 * The texts of spec 000 live in en-core.ts (those /login shows: with the shell's, `enPublic`, en-public.ts)
 * and en-core-pages.ts (the rest). Each later area keeps its own texts in
 * `en-<area>.ts` (one exported `as const` object, keys prefixed with the area) spread into `en`, so
 * areas built side by side never edit the same lines.
 */
import { enPublic } from './en-public';
import { enCorePages } from './en-core-pages';
import { enHistory } from './en-history';
import { enMail } from './en-mail';
import { enFiles } from './en-files';
import { enHealthProfile } from './en-health-profile';
import { enEditProfile } from './en-edit-profile';
import { enCareTeam } from './en-care-team';
import { enConnectedApps } from './en-connected-apps';
import { enPharmacyErrors } from './en-pharmacy-errors';
import { enCdaViewer } from './en-cda-viewer';
import { enHealthInformation } from './en-health-information';
import { enPharmacies } from './en-pharmacies';
import { enAppointments } from './en-appointments';
import { enAppointmentErrors } from './en-appointment-errors';
import { enMessages } from './en-messages';
import { enMessagesErrors } from './en-messages-errors';
import { enMessageSending } from './en-message-sending';
import { enHealthAppErrors } from './en-health-app-errors';
import { enClinicalRecord } from './en-clinical-record';
import { format } from './languages';

export const en = {
  ...enPublic,
  ...enCorePages,
  ...enMail,
  ...enHistory,
  ...enHealthProfile,
  ...enEditProfile,
  ...enFiles,
  ...enCareTeam,
  ...enConnectedApps,
  ...enPharmacyErrors,
  ...enCdaViewer,
  ...enHealthInformation,
  ...enPharmacies,
  ...enAppointments,
  ...enAppointmentErrors,
  ...enMessages,
  ...enMessagesErrors,
  ...enMessageSending,
  ...enHealthAppErrors,
  ...enClinicalRecord,
} as const;

export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;

/** The catalog keys that count: `base.one` and `base.other` both exist (decision 164). */
export type PluralKey = {
  [K in MessageKey]: K extends `${infer Base}.one`
    ? `${Base}.other` extends MessageKey
      ? Base
      : never
    : never;
}[MessageKey];

export function translate(
  key: MessageKey,
  params?: Record<string, string | number>,
  catalog: Catalog = en,
): string {
  return format(catalog[key], params);
}
