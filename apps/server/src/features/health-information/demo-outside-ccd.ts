/**
 * The demo practice's outside document: a small Continuity of Care Document that a (fictional)
 * hospital sent about Maria. Written by hand for Dermis, no real person or
 * organisation; it follows the C-CDA R2.1 CCD layout (US Realm header, coded sections with narrative
 * tables) so the complete-record viewer shows what a real outside document looks like. The product
 * does not ship or read the shared test fixtures.
 */

export interface OutsideCcdPerson {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  gender: 'FEMALE' | 'MALE' | 'UNKNOWN';
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const x = (value: string) => value.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/** HL7 TS with the US Eastern offset, e.g. 20261026103000-0500. */
function ts(date: Date, withTime = true): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const eastern = new Date(date.getTime() - 5 * 3600_000);
  const day = `${eastern.getUTCFullYear()}${pad(eastern.getUTCMonth() + 1)}${pad(eastern.getUTCDate())}`;
  return withTime ? `${day}${pad(eastern.getUTCHours())}${pad(eastern.getUTCMinutes())}00-0500` : day;
}

function shown(date: Date): string {
  return date.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

export function outsideCcd(person: OutsideCcdPerson, visit: Date): string {
  const sex = person.gender === 'FEMALE' ? 'F' : person.gender === 'MALE' ? 'M' : 'UN';
  const sexName = sex === 'F' ? 'Female' : sex === 'M' ? 'Male' : 'Undifferentiated';
  const labDay = new Date(visit.getTime() - 2 * 86_400_000);
  const name = `<name use="L"><given>${x(person.firstName)}</given><family>${x(person.lastName)}</family></name>`;
  const doctor = `<assignedPerson><name><prefix>Dr.</prefix><given>Priya</given><family>Raman</family><suffix>MD</suffix></name></assignedPerson>`;
  const hospital = `<name>Gulf Coast Community Hospital</name><telecom use="WP" value="tel:+1-239-555-0100"/><addr use="WP"><streetAddressLine>800 Bayfront Way</streetAddressLine><city>Naples</city><state>FL</state><postalCode>34102</postalCode><country>US</country></addr>`;
  const section = (templateId: string, code: string, codeName: string, title: string, text: string) =>
    `<component><section><templateId root="${templateId}" extension="2015-08-01"/><code code="${code}" codeSystem="2.16.840.1.113883.6.1" codeSystemName="LOINC" displayName="${x(codeName)}"/><title>${x(title)}</title><text>${text}</text></section></component>`;
  const table = (head: string[], rows: string[][]) =>
    `<table border="1" width="100%"><thead><tr>${head.map((h) => `<th>${x(h)}</th>`).join('')}</tr></thead><tbody>${rows
      .map((r) => `<tr>${r.map((c) => `<td>${x(c)}</td>`).join('')}</tr>`)
      .join('')}</tbody></table>`;

  return `<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:sdtc="urn:hl7-org:sdtc" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<realmCode code="US"/>
<typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>
<templateId root="2.16.840.1.113883.10.20.22.1.1" extension="2015-08-01"/>
<templateId root="2.16.840.1.113883.10.20.22.1.2" extension="2015-08-01"/>
<id root="2.16.840.1.113883.19.5.99999.1" extension="GCCH-CCD-20481"/>
<code code="34133-9" codeSystem="2.16.840.1.113883.6.1" codeSystemName="LOINC" displayName="Summarization of Episode Note"/>
<title>Gulf Coast Community Hospital - Continuity of Care Document</title>
<effectiveTime value="${ts(visit)}"/>
<confidentialityCode code="N" codeSystem="2.16.840.1.113883.5.25"/>
<languageCode code="en-US"/>
<setId root="2.16.840.1.113883.19.5.99999.19" extension="GCCH-CCD-SET-20481"/>
<versionNumber value="1"/>
<recordTarget><patientRole>
<id root="2.16.840.1.113883.19.5.99999.2" extension="GCCH-MRN-551902"/>
<addr use="HP"><streetAddressLine>${x(person.street)}</streetAddressLine><city>${x(person.city)}</city><state>${x(person.state)}</state><postalCode>${x(person.zip)}</postalCode><country>US</country></addr>
<telecom use="HP" value="tel:${x(person.phone)}"/>
<patient>${name}
<administrativeGenderCode code="${sex}" codeSystem="2.16.840.1.113883.5.1" displayName="${sexName}"/>
<birthTime value="${person.dateOfBirth.replaceAll('-', '')}"/>
<raceCode code="2106-3" codeSystem="2.16.840.1.113883.6.238" displayName="White"/>
<ethnicGroupCode code="2135-2" codeSystem="2.16.840.1.113883.6.238" displayName="Hispanic or Latino"/>
<languageCommunication><languageCode code="es"/><preferenceInd value="true"/></languageCommunication>
<languageCommunication><languageCode code="en"/><preferenceInd value="false"/></languageCommunication>
</patient></patientRole></recordTarget>
<author><time value="${ts(visit)}"/><assignedAuthor><id root="2.16.840.1.113883.4.6" extension="1999999992"/><telecom use="WP" value="tel:+1-239-555-0111"/>${doctor}<representedOrganization>${hospital}</representedOrganization></assignedAuthor></author>
<custodian><assignedCustodian><representedCustodianOrganization><id root="2.16.840.1.113883.19.5.99999"/>${hospital}</representedCustodianOrganization></assignedCustodian></custodian>
<legalAuthenticator><time value="${ts(visit)}"/><signatureCode code="S"/><assignedEntity><id root="2.16.840.1.113883.4.6" extension="1999999992"/>${doctor}<representedOrganization><name>Gulf Coast Community Hospital</name></representedOrganization></assignedEntity></legalAuthenticator>
<documentationOf><serviceEvent classCode="PCPR"><code code="185349003" codeSystem="2.16.840.1.113883.6.96" displayName="Encounter for check up"/><effectiveTime><low value="${ts(labDay, false)}"/><high value="${ts(visit, false)}"/></effectiveTime>
<performer typeCode="PRF"><functionCode code="PCP" codeSystem="2.16.840.1.113883.5.88" displayName="primary care physician"/><assignedEntity><id root="2.16.840.1.113883.4.6" extension="1999999992"/>${doctor}<representedOrganization><name>Gulf Coast Community Hospital</name></representedOrganization></assignedEntity></performer>
</serviceEvent></documentationOf>
<component><structuredBody>
${section(
  '2.16.840.1.113883.10.20.22.2.6.1',
  '48765-2',
  'Allergies and adverse reactions Document',
  'Allergies',
  table(
    ['Substance', 'Reaction', 'Severity', 'Status'],
    [
      ['Penicillin G', 'Hives', 'Moderate', 'Active'],
      ['Latex', 'Contact dermatitis', 'Mild', 'Active'],
    ],
  ),
)}
${section(
  '2.16.840.1.113883.10.20.22.2.5.1',
  '11450-4',
  'Problem list - Reported',
  'Problems',
  table(
    ['Problem', 'Onset', 'Status'],
    [
      ['Plaque psoriasis (SNOMED CT 200965009)', '2019', 'Active'],
      ['Seasonal allergic rhinitis (SNOMED CT 367498001)', '2012', 'Active'],
    ],
  ),
)}
${section(
  '2.16.840.1.113883.10.20.22.2.1.1',
  '10160-0',
  'History of Medication use Narrative',
  'Medications',
  table(
    ['Medication', 'Directions', 'Start', 'Status'],
    [
      ['Methotrexate 2.5 MG Oral Tablet', '6 tablets (15 mg) by mouth once a week', '2024', 'Active'],
      ['Folic acid 1 MG Oral Tablet', '1 tablet by mouth daily except methotrexate day', '2024', 'Active'],
      ['Cetirizine 10 MG Oral Tablet', '1 tablet by mouth daily as needed', '2015', 'Active'],
    ],
  ),
)}
${section(
  '2.16.840.1.113883.10.20.22.2.3.1',
  '30954-2',
  'Relevant diagnostic tests/laboratory data Narrative',
  'Results',
  `${table(
    ['Test', 'Result', 'Reference range', 'Date'],
    [
      ['ALT (SGPT)', '28 U/L', '7-35 U/L', shown(labDay)],
      ['AST (SGOT)', '24 U/L', '8-33 U/L', shown(labDay)],
      ['White blood cells', '6.1 10*3/uL', '4.5-11.0 10*3/uL', shown(labDay)],
      ['Platelets', '254 10*3/uL', '150-400 10*3/uL', shown(labDay)],
      ['Creatinine', '0.8 mg/dL', '0.6-1.1 mg/dL', shown(labDay)],
    ],
  )}<paragraph>Liver and blood counts are normal on methotrexate. <content styleCode="Bold">Repeat in 3 months.</content></paragraph>`,
)}
${section(
  '2.16.840.1.113883.10.20.22.2.4.1',
  '8716-3',
  'Vital signs',
  'Vital Signs',
  table(
    ['Date', 'Blood pressure', 'Pulse', 'Weight', 'Height'],
    [[shown(visit), '118/76 mm[Hg]', '72 /min', '63.5 kg', '165 cm']],
  ),
)}
${section(
  '2.16.840.1.113883.10.20.22.2.10',
  '18776-5',
  'Plan of care note',
  'Plan of Treatment',
  `<list><item>Continue methotrexate 15 mg weekly with folic acid.</item><item>Repeat liver panel and blood count in 3 months.</item><item>Follow up with dermatology (Dr. Olivia Bennett) as scheduled.</item></list>`,
)}
</structuredBody></component>
</ClinicalDocument>
`;
}
