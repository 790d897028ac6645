/**
 * What each `dermis` command does, as plain functions of a database and validated options, so that
 * tests run them in-process. They call the same services as the integration API.
 */
import {
  createClinicRequest,
  createPracticeRequest,
  linkResponsiblePersonRequest,
  practiceBrandingRequest,
  upsertPatientRequest,
} from '@dermis/contract';
import { en, translate } from '@dermis/contract';
import type { MessageKey } from '@dermis/contract';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { createClinic } from '../features/integration/clinic.service';
import { upsertPatient } from '../features/integration/patient-upsert.service';
import { createApiKey, createPractice } from '../features/integration/practice.service';
import { linkResponsiblePerson } from '../features/integration/responsible-person.service';
import { setPracticeBranding } from '../features/practice-branding/practice-branding.service';
import { HttpError } from '../lib/http-error';
import { setPracticeMfa } from '../features/two-step/practice-mfa.service';

export async function practiceCreate(
  db: Db,
  options: { name: string; mfaRequired?: boolean; npi?: string },
): Promise<string> {
  const input = parse(
    createPracticeRequest,
    { name: options.name, mfaRequiredByPracticeAdmin: options.mfaRequired ?? false, npi: options.npi },
    { name: '--name', npi: '--npi' },
  );
  const { practiceId, apiKey } = await createPractice(db, input);
  return [
    `Practice ${practiceId} created: ${input.name}${input.mfaRequiredByPracticeAdmin ? ' (two-step verification required)' : ''}`,
    `API key (shown once; only its hash is stored): ${apiKey}`,
  ].join('\n');
}

export async function clinicCreate(
  db: Db,
  options: {
    practice: number;
    name: string;
    phone?: string;
    addressLine1?: string;
    city?: string;
    state?: string;
    zip?: string;
  },
): Promise<string> {
  const input = parse(
    createClinicRequest,
    {
      name: options.name,
      phone: options.phone,
      addressLine1: options.addressLine1,
      city: options.city,
      state: options.state,
      zipCode: options.zip,
    },
    {
      name: '--name',
      phone: '--phone',
      addressLine1: '--address-line1',
      city: '--city',
      state: '--state',
      zipCode: '--zip',
    },
  );
  const clinic = await createClinic(db, options.practice, input);
  return `Clinic ${clinic.id} created: ${clinic.name}`;
}

export interface PatientUpsertOptions {
  practice: number;
  externalId: string;
  firstName: string;
  lastName: string;
  dob: string;
  gender?: string;
  /** F, M or UNK; left out, the stored answer stays. */
  birthSex?: string;
  email?: string;
  phone?: string;
}

export async function patientUpsert(db: Db, options: PatientUpsertOptions): Promise<string> {
  const input = patientUpsertInput(options);
  const result = await upsertPatient(db, options.practice, input);
  return `Patient ${result.id} (${result.externalId}) ${result.created ? 'created' : 'updated'}`;
}

/** The options as the integration API's body; shared with the remote mode (cli/invitation-commands.ts). */
export function patientUpsertInput(options: PatientUpsertOptions) {
  const contacts = [
    ...(options.email ? [{ type: 'EMAIL_ADDRESS', value: options.email }] : []),
    ...(options.phone ? [{ type: 'HOME_PHONE', value: options.phone }] : []),
  ];
  return parse(
    upsertPatientRequest,
    {
      externalId: options.externalId,
      firstName: options.firstName,
      lastName: options.lastName,
      dateOfBirth: options.dob,
      gender: options.gender?.toUpperCase(),
      birthSex: options.birthSex?.toUpperCase(),
      contacts,
    },
    {
      externalId: '--external-id',
      firstName: '--first-name',
      lastName: '--last-name',
      dateOfBirth: '--dob',
      gender: '--gender',
      birthSex: '--birth-sex',
      contacts: '--email/--phone',
    },
  );
}

export async function responsibleLink(
  db: Db,
  options: {
    practice: number;
    patient: string;
    responsible: string;
    relationship: number;
    inactive?: boolean;
  },
): Promise<string> {
  const input = parse(
    linkResponsiblePersonRequest,
    {
      patientExternalId: options.patient,
      responsibleExternalId: options.responsible,
      relationship: options.relationship,
      active: !options.inactive,
    },
    {
      patientExternalId: '--patient',
      responsibleExternalId: '--responsible',
      relationship: '--relationship',
    },
  );
  const link = await linkResponsiblePerson(db, options.practice, input);
  return `Responsible person link ${link.id} is ${link.active ? 'active' : 'inactive'}: ${input.responsibleExternalId} for ${input.patientExternalId}`;
}

export async function apiKeyCreate(db: Db, options: { practice: number; label?: string }): Promise<string> {
  const key = await createApiKey(db, options.practice, options.label);
  return `API key ${key.id} created for practice ${options.practice} (shown once; only its hash is stored): ${key.apiKey}`;
}

export class CliInputError extends Error {
  override name = 'CliInputError';
}

/** Validates with the contract schema and names the offending option in the message. */
function parse<S extends z.ZodType>(schema: S, input: unknown, options: Record<string, string>): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    return `  ${options[field] ?? field}: ${issue.message === 'validation.fieldRequired' ? 'is required' : issue.message in en ? translate(issue.message as MessageKey) : issue.message}`;
  });
  throw new CliInputError(`Invalid options:\n${lines.join('\n')}`);
}

/** practice:set-mfa: whether the practice requires two-step verification of every user. */
export async function practiceSetMfa(
  db: Db,
  options: { practice: number; required: boolean },
): Promise<string> {
  await setPracticeMfa(db, options.practice, options.required);
  return `Practice ${options.practice}: two-step verification ${options.required ? 'required' : 'not required'}`;
}

export interface PracticeBrandingOptions {
  practice: number;
  name?: string;
  phone?: string;
  color?: string;
  logo?: string;
  timeZone?: string;
}

export async function practiceSetBranding(
  db: Db,
  options: PracticeBrandingOptions,
  readFile: (path: string) => Buffer,
): Promise<string> {
  const flags = {
    name: '--name',
    phone: '--phone',
    brandColor: '--color',
    logoBase64: '--logo',
    timeZone: '--time-zone',
  };
  const input = parse(
    practiceBrandingRequest,
    {
      name: options.name,
      phone: options.phone === '' ? null : options.phone,
      brandColor: options.color === '' ? null : options.color,
      logoBase64:
        options.logo === undefined
          ? undefined
          : options.logo === ''
            ? null
            : readFile(options.logo).toString('base64'),
      timeZone: options.timeZone === '' ? null : options.timeZone,
    },
    flags,
  );
  let branding: Awaited<ReturnType<typeof setPracticeBranding>>;
  try {
    branding = await setPracticeBranding(db, options.practice, input);
  } catch (error) {
    // The service's own checks (logo content, a zone the database does not know) name the option.
    if (error instanceof HttpError && error.validationMessages?.length)
      throw new CliInputError(
        `Invalid options:\n${error.validationMessages
          .map((m) => `  ${flags[m.field as keyof typeof flags] ?? m.field}: ${m.description}`)
          .join('\n')}`,
      );
    throw error;
  }
  return [
    `Practice ${branding.practiceId} branding: ${branding.name}`,
    `  phone: ${branding.phone ?? '(none)'}`,
    `  colour: ${branding.brandColor ?? '(default)'}${branding.brandColorAdjusted ? ` (darkened from ${options.color} to reach 4.5:1 against white)` : ''}`,
    `  logo: ${branding.logoUrl ?? '(none)'}`,
    `  time zone: ${branding.timeZone ?? '(the server default, REMINDER_TIME_ZONE)'}`,
  ].join('\n');
}
