/**
 * Texts of the health-app pages: the consent page a health app's sign-in request lands on, and the
 * Connected apps page of Account (SMART App Launch). Spanish in es-connected-apps.ts, same keys.
 */
export const enConnectedApps = {
  'page.connectedApps': 'Connected Apps',
  'page.authorizeApp': 'Connect a Health App',

  'connectedApps.resource.Patient': 'Personal details (name, birth date, contact information)',
  'connectedApps.resource.AllergyIntolerance': 'Allergies',
  'connectedApps.resource.Condition': 'Health problems and concerns',
  'connectedApps.resource.MedicationRequest': 'Medications',
  'connectedApps.resource.MedicationStatement': 'Medications you take',
  'connectedApps.resource.Observation': 'Test results, vital signs and smoking status',
  'connectedApps.resource.DiagnosticReport': 'Test reports',
  'connectedApps.resource.Procedure': 'Procedures',
  'connectedApps.resource.Encounter': 'Visits',
  'connectedApps.resource.Immunization': 'Immunizations',
  'connectedApps.resource.DocumentReference': 'Documents',
  'connectedApps.resource.CareTeam': 'Care team',
  'connectedApps.resource.CarePlan': 'Care plans',
  'connectedApps.resource.Goal': 'Health goals',
  'connectedApps.resource.Device': 'Implanted devices',
  'connectedApps.resource.Coverage': 'Insurance',
  'connectedApps.resource.Practitioner': 'Providers',
  'connectedApps.resource.PractitionerRole': 'Providers’ roles',
  'connectedApps.resource.Organization': 'Practices and clinics',
  'connectedApps.resource.Location': 'Clinic locations',
  'connectedApps.resource.Provenance': 'Where each record came from',
  'connectedApps.resource.RelatedPerson': 'Responsible persons',
  'connectedApps.resource.FamilyMemberHistory': 'Family health history',

  'connectedApps.authorize.heading': '{app} asks to read health information',
  'connectedApps.authorize.intro':
    'The app will read the information you allow here from the patient portal of this practice. It cannot change the record.',
  'connectedApps.authorize.whose': 'Whose record?',
  'connectedApps.authorize.whoseHint': 'Choose the record the app may read.',
  'connectedApps.authorize.recordOf': 'Record of {name}',
  'connectedApps.authorize.self': '{name} (you)',
  'connectedApps.authorize.asks': 'What {app} may read',
  'connectedApps.authorize.asksHint': 'Uncheck what the app should not read.',
  'connectedApps.authorize.noneChosen': 'Choose at least one kind of information, or choose Deny.',
  'connectedApps.authorize.offline': 'Stay connected (offline access)',
  'connectedApps.authorize.offlineHint':
    'The app may keep reading without asking you again, until you disconnect it on the Connected Apps page of your account.',
  'connectedApps.authorize.inviteCode': 'Invite code',
  'connectedApps.authorize.inviteCodeHint':
    'The code shown with the FHIR address on the Health Information page, or given to you by the practice.',
  'connectedApps.authorize.inviteCodeRequired': 'Invite code is required',
  'connectedApps.authorize.allow': 'Allow',
  'connectedApps.authorize.deny': 'Deny',
  'connectedApps.authorize.redirecting': 'Returning you to {app}…',
  'connectedApps.authorize.loadFailed': 'This request from a health app cannot be shown.',
  'connectedApps.authorize.startAgain': 'Go back to the app and connect again.',

  'connectedApps.intro':
    'Health apps allowed to read this health record through the portal. Disconnecting an app stops its reading at once.',
  'connectedApps.app': 'App',
  'connectedApps.whose': 'Whose record',
  'connectedApps.mayRead': 'May read',
  'connectedApps.connectedBy': 'Connected by',
  'connectedApps.connectedOn': 'Connected on',
  'connectedApps.lastUsed': 'Last used',
  'connectedApps.neverUsed': 'Not yet',
  'connectedApps.actions': 'Actions',
  'connectedApps.disconnect': 'Disconnect',
  'connectedApps.disconnectNamed': 'Disconnect {app}',
  'connectedApps.confirmTitle': 'Disconnect {app}?',
  'connectedApps.confirmText':
    '{app} will no longer be able to read the record of {name}. To use it again, connect it again from the app.',
  'connectedApps.disconnected': '{app} was disconnected.',
  'connectedApps.empty': 'No health apps are connected.',
  'connectedApps.fetchFailed': 'Connected apps could not be loaded.',
  'connectedApps.manage': 'Manage connected apps',
} as const;

export type ConnectedAppsMessageKey = keyof typeof enConnectedApps;
