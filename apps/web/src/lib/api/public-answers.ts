import type { ErrorResponse, PracticeBranding, PublicConfigResponse } from '@dermis/contract';

// The three answers every page reads before anyone signs in (the shell's branding and version, and any
// failure), checked by hand: the contract's zod schemas for them would bring zod (about 24 kB gzip)
// to /login (decision 049). public-answers.test.ts holds each check to its contract schema.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown): value is string | null => value === null || isString(value);

/** errorResponse: {error, message, validationMessages?: [{field, description}]}. */
export function readErrorResponse(body: unknown): ErrorResponse | null {
  if (!isObject(body) || !isString(body.error) || !isString(body.message)) return null;
  const list = body.validationMessages;
  if (list === undefined) return { error: body.error, message: body.message };
  if (!Array.isArray(list)) return null;
  const validationMessages: NonNullable<ErrorResponse['validationMessages']> = [];
  for (const item of list as unknown[]) {
    if (!isObject(item) || !isString(item.field) || !isString(item.description)) return null;
    validationMessages.push({ field: item.field, description: item.description });
  }
  return { error: body.error, message: body.message, validationMessages };
}

const environments: ReadonlyArray<PublicConfigResponse['environment']> = [
  'development',
  'test',
  'production',
];

/**
 * publicConfigResponse: the environment, the version, whether to show the development menu links and
 * the map's tiles (null by default).
 */
export function readPublicConfig(body: unknown): PublicConfigResponse | null {
  if (!isObject(body) || !isString(body.version)) return null;
  const environment = environments.find((name) => name === body.environment);
  if (!environment) return null;
  const mapTileUrl = body.mapTileUrl ?? null;
  const mapTileAttribution = body.mapTileAttribution ?? null;
  const mapPmtilesUrl = body.mapPmtilesUrl ?? null;
  if (!isStringOrNull(mapTileUrl) || !isStringOrNull(mapTileAttribution) || !isStringOrNull(mapPmtilesUrl))
    return null;
  // An older server sends no developmentMenu: no development menu links.
  const developmentMenu = body.developmentMenu === undefined ? false : body.developmentMenu;
  if (typeof developmentMenu !== 'boolean') return null;
  return {
    environment,
    version: body.version,
    developmentMenu,
    mapTileUrl,
    mapTileAttribution,
    mapPmtilesUrl,
  };
}

/** practiceBranding: the practice's id, name, phone, colour and logo address. */
export function readPracticeBranding(body: unknown): PracticeBranding | null {
  if (!isObject(body)) return null;
  const { practiceId, name, phone, brandColor, logoUrl } = body;
  if (typeof practiceId !== 'number' || !Number.isInteger(practiceId) || !isString(name)) return null;
  if (!isStringOrNull(phone) || !isStringOrNull(brandColor) || !isStringOrNull(logoUrl)) return null;
  return { practiceId, name, phone, brandColor, logoUrl };
}
