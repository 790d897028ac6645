import type { MessageKey } from '../../lib/i18n';

export interface LegalSection {
  heading: MessageKey;
  body: MessageKey;
}

export interface LegalDocument {
  title: MessageKey;
  intro: MessageKey;
  sections: LegalSection[];
}

function sections(prefix: string, names: string[]): LegalSection[] {
  return names.map((name) => ({
    heading: `${prefix}.${name}.heading` as MessageKey,
    body: `${prefix}.${name}.body` as MessageKey,
  }));
}

/** The static legal pages (spec 000 §1); their wording lives in the catalog like every other text. */
export const legalDocuments = {
  termsOfUse: {
    title: 'legal.termsOfUse.title',
    intro: 'legal.termsOfUse.intro',
    sections: sections('legal.termsOfUse', [
      'provider',
      'urgent',
      'account',
      'minors',
      'accuracy',
      'optOut',
      'changes',
    ]),
  },
  privacyPolicy: {
    title: 'legal.privacy.title',
    intro: 'legal.privacy.intro',
    sections: sections('legal.privacy', [
      'who',
      'collect',
      'use',
      'access',
      'security',
      'urgent',
      'choices',
      'contact',
    ]),
  },
  termsAndConditions: {
    title: 'legal.terms.title',
    intro: 'legal.terms.intro',
    sections: sections('legal.terms', ['use', 'data', 'urgent', 'minors', 'badges', 'optOut']),
  },
} satisfies Record<string, LegalDocument>;
