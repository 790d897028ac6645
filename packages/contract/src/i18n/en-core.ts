/**
 * The texts of spec 000 that /login and the page shell show (sign-in, validation, errors, navigation,
 * footer, status pages), with the specification's exact wording. Part of `enPublic`, so every one of
 * them is in the JavaScript of /login: the texts of spec 000's other pages are in en-core-pages.ts
 * (decision 049).
 */
export const enCore = {
  'app.name': 'Dermis',
  'app.tagline': 'We Bring Doctors & Patients Closer Together.',
  'app.noscript':
    'Dermis needs JavaScript. Please enable scripting in your browser to use the patient portal.',

  // Generic validation (spec 000 §5)
  'validation.fieldRequired': '{field} is required',
  'validation.fieldRequiredGeneric': 'Field {field} is required!',
  'validation.maxLength': 'This field can not contain more than {maxLength} characters',
  'validation.username':
    'Username must contain alphanumeric or some of these special characters @. , - _ and + , 3-35 characters in length',
  'validation.password':
    'Password must be at least 8 characters long, contain at least one uppercase letter and one number.',
  'validation.invalid': 'The value is not valid.',
  'validation.invalidCharacters': 'This field contains characters that are not allowed.',

  'field.username': 'Username',
  'field.password': 'Password',

  // Sign-in (spec 000 §2, §8)
  'login.title': 'Sign in',
  'login.heading': 'Sign in to your patient portal',
  'login.submit': 'Sign In',
  'login.inProgress': 'In Progress...',
  'login.forgotPassword': 'Forgot your password?',
  'login.error.badCredentials': 'Bad Credentials',
  'login.error.requestFailed': 'Sign in request failed!',
  'login.error.noToken': 'Invalid response received - no token',
  'login.error.noServers': 'Invalid response received - no servers data',
  'login.error.noUser': 'Invalid response received - no user data',
  'login.error.invalidOtp': 'Invalid OTP code.',
  'login.error.codeFailed': 'Failed!',
  'login.error.throttled': 'Too many sign-in attempts. Please wait a few minutes and try again.',

  // Errors and generic texts (spec 000 §8)
  'error.generic': 'Something went wrong, please try again or contact support.',
  'error.serviceUnavailable': 'The service is briefly unavailable. Please try again in a minute.',
  'error.unauthorized': 'Your session has expired. Please sign in again.',
  'error.forbidden': 'Access denied.',
  'error.notFound': 'Not found.',
  'error.validation': 'The request is not valid.',

  // Public pages
  'forbidden.title': '403 Access Denied',
  'forbidden.text': "403 Access Denied - You don't have permission to access requested page.",
  'notFound.title': 'Page not found',
  'notFound.link': 'Go to the sign-in page',
  'noSuchPage.title': 'No such page',

  // Navigation (spec 000 §2)
  'nav.myHealthProfile': 'My Health Profile',
  'nav.appointments': 'Appointments',
  'nav.notifications': 'Notifications',
  'nav.noNotifications': 'No new notifications',
  'nav.notificationEntry': 'Review your medical profile before visiting {provider}',
  'nav.responsiblePerson': 'Responsible Person',
  'nav.viewAs': 'View as {name}',
  'nav.account': 'Account',
  'nav.healthInformation': 'Health Information',
  'nav.messages': 'Messages',
  'nav.pharmacies': 'Pharmacies',
  'nav.logout': 'Logout',
  'nav.firstTimeLogin': 'First-time login (development)',
  'nav.screening': 'Screening (development)',
  'nav.activityLog': 'Activity Log',
  'nav.returnToAccount': 'Return to your account',
  'nav.viewingAccountOf': 'Viewing the account of:',
  'nav.mainMenu': 'Main menu',
  'nav.profileMenu': 'profile menu',

  // Footer (spec 000 §2)
  'footer.home': 'Home',
  'footer.termsOfUse': 'Terms of Use',
  'footer.privacyPolicy': 'Privacy Policy',
  'footer.badges': 'Badges',
  'footer.top': 'Top',
  'footer.copyright': '© {year} Dermis contributors. All rights reserved.',
  'footer.terminology': 'This product uses SNOMED Clinical Terms® (SNOMED CT®) US Edition, release 20250901.',
  'footer.terminologyTooltip':
    'Some material in the UMLS Metathesaurus is from copyrighted sources of the respective copyright holders. Users are solely responsible for compliance with any copyright, patent or trademark restrictions.',
  'footer.version': 'Version {version}',

  // Web app shell and pages (apps/web)
  'app.title': 'Dermis - {page}',
  'app.skipToContent': 'Skip to main content',
  'app.skipToNavigation': 'Skip to navigation',
  'app.logoLabel': '{name} home',
  'app.loading': 'Loading...',
  'page.signIn': 'Sign In',
  'page.signingOut': 'Signing Out',
  'page.healthProfile': 'Health Profile',
  'page.appointments': 'Appointments',
  'page.pharmacies': 'Pharmacies',
  'page.healthInformation': 'Health Information',
  'page.healthDocument': 'Health Document',
  'page.messages': 'Messages',
  'page.firstTimeLogin': 'First-Time Setup',
  'page.screening': 'Screening',
  'page.accountSettings': 'Account Settings',
  'page.activityLog': 'Activity Log',
  'page.responsiblePersons': 'Responsible Persons',
  'page.forgotPassword': 'Forgot Password',
  'page.resetPassword': 'Reset Password',
  'page.createAccount': 'Create Account',
  'page.verifyEmail': 'Verify Email',
  'page.unsubscribe': 'Unsubscribe',
  'page.unsubscribeSuccess': 'Unsubscribed',
  'page.badges': 'Badges',
  'page.forbidden': 'Access Denied',
  'page.notFound': 'Page Not Found',
  'page.noSuchPage': 'No Such Page',
  'page.termsAndConditions': 'Terms and Conditions',
  'page.termsOfUse': 'Terms of Use',
  'page.privacyPolicy': 'Privacy Policy',
  'myHealthProfile.welcome': 'Welcome, {firstName}',
  'placeholder.step': 'Step: {step}',
  'account.menu': 'Account menu',
  'nav.notificationCount.one': '{count} new',
  'nav.notificationCount.other': '{count} new',
  'footer.navigation': 'Footer',
  'footer.terminologyCopyright': 'UMLS Metathesaurus copyright',
  'login.togglePassword': 'Show or hide the password',

  // Invitations, e-mail verification, account creation, unsubscribe (spec 000 §2, §4, §5, §8)
  'field.rePassword': 'Re-Enter Password',
  'field.dateOfBirth': 'Date of Birth',
  'validation.dateOfBirth': 'Please enter a valid date in the format MM/DD/YYYY.',
} as const;
