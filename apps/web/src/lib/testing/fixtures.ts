import type { ServersInfo, UserProfile } from '@dermis/contract';

export const servers: ServersInfo = { app: '/api/app', ws: '/api/app' };

export function userProfileFixture(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 100,
    userId: 10,
    username: 'jdoe',
    firstName: 'Jane',
    lastName: 'Doe',
    gender: 'FEMALE',
    dateOfBirth: '1980-04-02',
    avatarS3Id: null,
    avatarContentLength: null,
    avatarMimeType: null,
    lastChangePasswordDate: null,
    language: null,
    contactInfoList: [],
    addressInformationInfoList: [],
    responsibleForPatients: [],
    bridgePatient: false,
    directAddress: null,
    directServiceEnabled: false,
    directSendsOutside: true,
    directDomain: null,
    hasFhirPermission: false,
    patientFhirInvite: false,
    dermisFirstTimeSetupComplete: true,
    ...overrides,
  };
}
