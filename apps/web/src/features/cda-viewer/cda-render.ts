/**
 * A CDA R2 document as React elements, under spec 002 "Clinical-document rendering rules" (the rules
 * of HL7's CDA.xsl v3.0, with its known defects fixed; decision 092).
 *
 * Safety: the document is parsed as XML (never as HTML) and every element on the page is created
 * here from a fixed set of tags; document text only ever becomes text nodes. No attribute of the
 * document is copied except the table attributes on the stylesheet's allow-list (after its
 * javascript and sanitizer checks), styleCode (as a prefixed class name) and ID (as a prefixed id).
 * Nothing a document says can load from another origin unless the external-images limit is turned
 * off or the address is on its whitelist.
 */
import { createElement, type ReactNode } from 'react';
import {
  codeName,
  languageName,
  placeholder,
  raceEthnicityGroupName,
  roleCodeSystem,
  telecomKinds,
} from './cda-codes';
import { formatCdaTime } from './cda-time';
import { t } from '../../lib/i18n';

export interface CdaRenderOptions {
  /** Images whose address has a colon or starts with \\ are removed unless whitelisted (default true). */
  limitExternalImages: boolean;
  /** Address prefixes separated by '|' that are shown even with the limit on. */
  externalImageWhitelist: string;
  /**
   * A non-structured body's reference that passes the safety checks is shown in the sandboxed frame
   * (80% x 600) when true. Such a reference has no scheme, so it names a file that travelled with the
   * document, which the portal never holds (and the portal forbids framing itself): by default the
   * viewer says so instead of framing a page that cannot load (decision 092).
   */
  frameReferences: boolean;
}

export const defaultCdaOptions: CdaRenderOptions = {
  limitExternalImages: true,
  externalImageWhitelist: '',
  frameReferences: false,
};

export const javascriptWarning =
  'WARNING: Javascript injection attempt detected in source CDA document. Terminating';
export const maliciousWarning = 'WARNING: Potentially malicious content found in CDA document.';

export type CdaRenderResult =
  | { kind: 'unreadable' }
  | { kind: 'terminated'; title: string; warning: string }
  | { kind: 'document'; title: string; content: ReactNode };

type Out = ReactNode[];
type Props = Record<string, unknown> | null;

const V3 = 'urn:hl7-org:v3';
const SDTC = 'urn:hl7-org:sdtc';
const TEXT_NODE = 3;
const CDATA_NODE = 4;
const ELEMENT_NODE = 1;

/** The stylesheet's simple sanitizer: line breaks, quotes, colon, semicolon, ?, `, braces, curly quotes. */
const sanitizerCharacters = /[\n\r"':;?`{}\u201C\u201D\u201E\u201A\u2019]/;

class Terminated extends Error {}

function h(tag: string, props: Props, children: Out = []): ReactNode {
  return createElement(tag, props, ...children);
}

// ---- XML access (namespace-aware by local name: HL7 v3, or no namespace at all) ----

function isV3(node: Element): boolean {
  return node.namespaceURI === V3 || !node.namespaceURI;
}

function elements(parent: Element | null | undefined): Element[] {
  if (!parent) return [];
  const out: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling)
    if (node.nodeType === ELEMENT_NODE) out.push(node as Element);
  return out;
}

function kids(parent: Element | null | undefined, name: string): Element[] {
  return elements(parent).filter((e) => e.localName === name && isV3(e));
}

/** Every element along a child path (XPath a/b/c). */
function all(parent: Element | null | undefined, ...path: string[]): Element[] {
  let current = parent ? [parent] : [];
  for (const name of path) current = current.flatMap((e) => kids(e, name));
  return current;
}

/** The first element along a child path. */
function one(parent: Element | null | undefined, ...path: string[]): Element | undefined {
  return all(parent, ...path)[0];
}

function attr(el: Element | null | undefined, name: string): string {
  return el?.getAttribute(name) ?? '';
}

function text(el: Element | null | undefined): string {
  return (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function descendants(root: Element, name: string): Element[] {
  const out: Element[] = [];
  const walk = (el: Element) => {
    for (const child of elements(el)) {
      if (child.localName === name) out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}

// ---- Shared value formatters (the stylesheet's show-* templates) ----

function nullFlavorLabel(el: Element | undefined): string {
  const flavor = attr(el, 'nullFlavor');
  return flavor ? (codeName('nullFlavor', flavor) ?? flavor) : '';
}

function showId(id: Element | undefined): string {
  if (!id || attr(id, 'nullFlavor')) return '';
  const extension = attr(id, 'extension');
  return extension ? `${extension} ${attr(id, 'root')}` : ` ${attr(id, 'root')}`.trimEnd();
}

function showName(name: Element | undefined): string {
  if (!name) return '';
  if (kids(name, 'family').length > 0) {
    const prefix = kids(name, 'prefix').map(text).join(' ');
    const given = kids(name, 'given').map(text).join(' ');
    const family = kids(name, 'family').map(text).join(' ');
    const suffix = kids(name, 'suffix').map(text).join(' ');
    return `${prefix ? `${prefix} ` : ''}${given} ${family}${suffix ? `, ${suffix}` : ''}`.trim();
  }
  return text(name) || nullFlavorLabel(name);
}

function showTime(el: Element | undefined): string {
  if (!el) return '';
  const value = attr(el, 'value');
  return value ? formatCdaTime(value) : nullFlavorLabel(el);
}

function firstCharUp(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

function contactUseLabels(use: string): string {
  return use
    .split(/\s+/)
    .filter(Boolean)
    .map((code) => codeName('contactUse', code) ?? placeholder(code))
    .join(', ');
}

function withBreaks(lines: string[]): Out {
  return lines.flatMap((line, i) => (i === 0 ? [line] : [h('br', null), line]));
}

class Renderer {
  private readonly ids = new Map<string, Element>();
  private tableWarnings: string[] | null = null;

  constructor(
    private readonly doc: Element,
    private readonly options: CdaRenderOptions,
  ) {
    const walk = (el: Element) => {
      const id = el.getAttribute('ID');
      if (id && !this.ids.has(id)) this.ids.set(id, el);
      for (const child of elements(el)) walk(child);
    };
    walk(doc);
  }

  // ---- codes ----

  /** Original text first (or the narrative it references), then display name, then the raw code. */
  showCode(code: Element | undefined): string {
    if (!code) return '';
    const original = one(code, 'originalText');
    if (original) {
      const own = text(original);
      const reference = attr(one(original, 'reference'), 'value');
      const ownText = own || (reference.startsWith('#') ? text(this.ids.get(reference.slice(1))) : '');
      if (ownText) return ownText;
    }
    return attr(code, 'displayName') || attr(code, 'code') || nullFlavorLabel(code);
  }

  // ---- contact information ----

  address(addr: Element): Out {
    if (attr(addr, 'nullFlavor') && elements(addr).length === 0) return [t('cdaViewer.addressNotAvailable')];
    const lines: string[] = [];
    const use = attr(addr, 'use');
    if (use) lines.push(`${contactUseLabels(use)}:`);
    for (const line of kids(addr, 'streetAddressLine')) lines.push(text(line));
    const street = one(addr, 'streetName');
    if (street) lines.push(`${text(street)} ${text(one(addr, 'houseNumber'))}`.trim());
    let place = text(one(addr, 'city'));
    const state = text(one(addr, 'state'));
    const postalCode = text(one(addr, 'postalCode'));
    const country = text(one(addr, 'country'));
    if (state) place += `,\u00a0${state}`;
    if (postalCode) place += `\u00a0${postalCode}`;
    if (country) place += `,\u00a0${country}`;
    if (place) lines.push(place);
    const other = lines.length === (use ? 1 : 0) ? text(addr) : '';
    if (other) lines.push(other);
    return withBreaks(lines);
  }

  /** Every telecom with its use; the stylesheet shows only the first and never its use. */
  telecom(telecom: Element): string {
    const value = attr(telecom, 'value');
    if (!value) return nullFlavorLabel(telecom) || t('cdaViewer.telecomNotAvailable');
    const colon = value.indexOf(':');
    const scheme = colon > 0 ? value.slice(0, colon) : '';
    const rest = colon > 0 ? value.slice(colon + 1) : value;
    const kind = scheme
      ? (telecomKinds[scheme.toLowerCase()] ?? placeholder(scheme))
      : t('cdaViewer.contact');
    const use = attr(telecom, 'use');
    return `${kind}${use ? ` (${contactUseLabels(use)})` : ''}: ${rest}`;
  }

  contactInfo(contact: Element | undefined): Out {
    const addresses = kids(contact, 'addr');
    const telecoms = kids(contact, 'telecom');
    const out: Out = [];
    if (addresses.length === 0) out.push(t('cdaViewer.addressNotAvailable'), h('br', null));
    for (const addr of addresses) out.push(...this.address(addr), h('br', null));
    if (telecoms.length === 0) out.push(t('cdaViewer.telecomNotAvailable'), h('br', null));
    for (const telecom of telecoms) out.push(this.telecom(telecom), h('br', null));
    return out;
  }

  // ---- entities ----

  assignedEntity(entity: Element | undefined): string {
    const person = one(entity, 'assignedPerson', 'name');
    const organization = one(entity, 'representedOrganization');
    if (person) {
      const orgName = text(one(organization, 'name'));
      const name = showName(person);
      return orgName ? t('cdaViewer.ofOrganization', { person: name, organization: orgName }) : name;
    }
    if (organization) return text(one(organization, 'name'));
    return kids(entity, 'id').map(showId).join(', ');
  }

  associatedEntity(entity: Element | undefined): Out {
    if (!entity) return [];
    const person = one(entity, 'associatedPerson');
    if (person) return kids(person, 'name').flatMap((name) => [showName(name), h('br', null)]);
    const organizations = kids(entity, 'scopingOrganization');
    if (organizations.length > 0)
      return organizations.flatMap((org) => {
        const out: Out = [];
        const name = one(org, 'name');
        if (name) out.push(showName(name), h('br', null));
        const industry = one(org, 'standardIndustryClassCode');
        if (industry) out.push(`${attr(industry, 'displayName')} code:${attr(industry, 'code')}`);
        return out;
      });
    const code = one(entity, 'code');
    if (code) return [this.showCode(code)];
    const id = one(entity, 'id');
    return id ? [`${attr(id, 'extension')} ${attr(id, 'root')}`] : [];
  }

  authorName(assigned: Element): Out {
    const person = one(assigned, 'assignedPerson', 'name');
    if (person) {
      const organization = one(assigned, 'representedOrganization');
      const orgName = organization ? showName(one(organization, 'name')) : '';
      return [`${showName(person)}${orgName ? `, ${orgName}` : ''}`];
    }
    const software = one(assigned, 'assignedAuthoringDevice', 'softwareName');
    if (software) return [text(software)];
    const organization = one(assigned, 'representedOrganization');
    if (organization) return [showName(one(organization, 'name'))];
    return kids(assigned, 'id').flatMap((id) => [showId(id), h('br', null)]);
  }

  // ---- the header ----

  table(rows: [label: string, value: Out][]): Out {
    if (rows.length === 0) return [];
    return [
      h('table', { className: 'cda-header' }, [
        h(
          'tbody',
          null,
          rows.map(([label, value]) =>
            h('tr', null, [h('th', { scope: 'row' }, [label]), h('td', null, value)]),
          ),
        ),
      ]),
    ];
  }

  contactRow(entity: Element | undefined): [string, Out][] {
    return kids(entity, 'addr').length + kids(entity, 'telecom').length > 0
      ? [[t('cdaViewer.header.contactInfo'), this.contactInfo(entity)]]
      : [];
  }

  recordTarget(): Out {
    const rows: [string, Out][] = [];
    for (const role of all(this.doc, 'recordTarget', 'patientRole')) {
      if (kids(role, 'id').some((id) => attr(id, 'nullFlavor'))) continue;
      const patient = one(role, 'patient');
      rows.push([t('cdaViewer.header.patient'), [showName(one(patient, 'name'))]]);
      rows.push([t('cdaViewer.header.dateOfBirth'), [showTime(one(patient, 'birthTime'))]]);
      rows.push([
        t('cdaViewer.header.sex'),
        [
          kids(patient, 'administrativeGenderCode')
            .map((g) => this.sex(g))
            .join(', '),
        ],
      ]);
      const races = [
        ...kids(patient, 'raceCode'),
        ...elements(patient).filter((e) => e.localName === 'raceCode' && e.namespaceURI === SDTC),
      ];
      const ethnicities = [
        ...kids(patient, 'ethnicGroupCode'),
        ...elements(patient).filter((e) => e.localName === 'ethnicGroupCode' && e.namespaceURI === SDTC),
      ];
      if (races.length + ethnicities.length > 0) {
        rows.push([
          t('cdaViewer.header.race'),
          [races.map(raceOrEthnicity).join(', ') || t('cdaViewer.informationNotAvailable')],
        ]);
        rows.push([
          t('cdaViewer.header.ethnicity'),
          [ethnicities.map(raceOrEthnicity).join(', ') || t('cdaViewer.informationNotAvailable')],
        ]);
      }
      rows.push([t('cdaViewer.header.preferredLanguage'), [this.preferredLanguage(patient)]]);
      rows.push([t('cdaViewer.header.contactInfo'), this.contactInfo(role)]);
      rows.push([
        t('cdaViewer.header.patientIds'),
        kids(role, 'id').flatMap((id) => [showId(id), h('br', null)]),
      ]);
      for (const guardian of kids(patient, 'guardian')) {
        const person = one(guardian, 'guardianPerson', 'name');
        const organization = one(guardian, 'guardianOrganization', 'name');
        const code = one(guardian, 'code');
        const who = person ? showName(person) : organization ? showName(organization) : '';
        const relation = code ? this.showCode(code) : '';
        rows.push([t('cdaViewer.header.guardian'), [`${who}${relation ? ` (${relation})` : ''}`]]);
        rows.push(...this.contactRow(guardian));
      }
    }
    return this.table(rows);
  }

  sex(gender: Element): string {
    const code = attr(gender, 'code');
    if (code) return codeName('sex', code) ?? (attr(gender, 'displayName') || placeholder(code));
    return nullFlavorLabel(gender);
  }

  preferredLanguage(patient: Element | undefined): string {
    const communications = kids(patient, 'languageCommunication');
    const preferred =
      communications.find((c) => attr(one(c, 'preferenceInd'), 'value') === 'true') ?? communications[0];
    const code = one(preferred, 'languageCode');
    const value = attr(code, 'code');
    return value ? languageName(value) : t('cdaViewer.informationNotAvailable');
  }

  documentGeneral(): Out {
    return this.table([
      [t('cdaViewer.header.documentId'), [showId(one(this.doc, 'id'))]],
      [t('cdaViewer.header.documentCreated'), [showTime(one(this.doc, 'effectiveTime'))]],
    ]);
  }

  /** ' at {time}' for a point in time, ' from {low} to {high}' for an interval. */
  timeRange(time: Element | undefined): string {
    if (!time) return '';
    if (attr(time, 'value')) return t('cdaViewer.atTime', { time: showTime(time) });
    const low = one(time, 'low');
    if (!low) return '';
    const high = one(time, 'high');
    const to = high ? t('cdaViewer.toTime', { time: showTime(high) }) : '';
    return `${t('cdaViewer.fromTime', { time: showTime(low) })}${to}`;
  }

  documentationOf(): Out {
    const rows: [string, Out][] = [];
    for (const documentation of kids(this.doc, 'documentationOf')) {
      const event = one(documentation, 'serviceEvent');
      const classCode = attr(event, 'classCode');
      const code = one(event, 'code');
      const label = classCode ? codeName('actClass', classCode) : undefined;
      if (label && code)
        rows.push([
          firstCharUp(label),
          [`${this.showCode(code)}${this.timeRange(one(event, 'effectiveTime'))}`],
        ]);
      for (const performer of kids(event, 'performer')) {
        const type = codeName('participationType', attr(performer, 'typeCode')) ?? '';
        const fn = one(performer, 'functionCode');
        const fnCode = attr(fn, 'code');
        const fnLabel = fnCode
          ? (codeName('participationFunction', fnCode) ??
            (attr(fn, 'displayName') ? `(${attr(fn, 'displayName')})` : ''))
          : '';
        const performerLabel = firstCharUp(`${type} ${fnLabel}`.trim()) || t('cdaViewer.header.performer');
        rows.push([performerLabel, [this.assignedEntity(one(performer, 'assignedEntity'))]]);
      }
    }
    return this.table(rows);
  }

  author(): Out {
    const rows: [string, Out][] = [];
    for (const assigned of all(this.doc, 'author', 'assignedAuthor')) {
      rows.push([t('cdaViewer.header.author'), this.authorName(assigned)]);
      rows.push(...this.contactRow(assigned));
    }
    return this.table(rows);
  }

  componentOf(): Out {
    const rows: [string, Out][] = [];
    for (const encounter of all(this.doc, 'componentOf', 'encompassingEncounter')) {
      const id = one(encounter, 'id');
      if (id) rows.push([t('cdaViewer.header.encounterId'), [showId(id)]]);
      const code = one(encounter, 'code');
      if (id && code) rows.push([t('cdaViewer.header.encounterType'), [this.showCode(code)]]);
      rows.push([t('cdaViewer.header.encounterDate'), [this.timeRange(one(encounter, 'effectiveTime'))]]);
      const facility = one(encounter, 'location', 'healthCareFacility');
      if (facility) {
        const placeName = one(facility, 'location', 'name');
        let value = '';
        if (placeName) {
          value = showName(placeName);
          for (const org of all(facility, 'serviceProviderOrganization', 'name'))
            value += ` of ${showName(org)}`;
        } else if (one(facility, 'code')) value = this.showCode(one(facility, 'code'));
        else if (kids(facility, 'id').length > 0) value = `id: ${kids(facility, 'id').map(showId).join(' ')}`;
        rows.push([t('cdaViewer.header.encounterLocation'), [value]]);
      }
      const responsible = one(encounter, 'responsibleParty', 'assignedEntity');
      if (one(encounter, 'responsibleParty'))
        rows.push([t('cdaViewer.header.responsibleParty'), [this.assignedEntity(responsible)]]);
      rows.push(...this.contactRow(responsible));
    }
    return this.table(rows);
  }

  participant(): Out {
    const rows: [string, Out][] = [];
    for (const participant of kids(this.doc, 'participant')) {
      const entity = one(participant, 'associatedEntity');
      const classCode = attr(entity, 'classCode');
      let role = classCode ? (codeName('associatedEntityClass', classCode) ?? placeholder(classCode)) : '';
      const code = one(entity, 'code');
      if (code && attr(code, 'code') && attr(code, 'codeSystem') === roleCodeSystem) {
        const relation = codeName('familyRelation', attr(code, 'code'));
        role += ` (${relation ?? (attr(code, 'displayName') || placeholder(attr(code, 'code')))})`;
      }
      const value: Out = [];
      const fn = one(participant, 'functionCode');
      if (fn) value.push(`${this.showCode(fn)} `);
      value.push(...this.associatedEntity(entity));
      const time = one(participant, 'time');
      if (time) {
        const low = one(time, 'low');
        const high = one(time, 'high');
        if (low) value.push(t('cdaViewer.fromTime', { time: showTime(low) }));
        if (high) value.push(t('cdaViewer.toTime', { time: showTime(high) }));
      }
      rows.push([role.trim() ? firstCharUp(role.trim()) : t('cdaViewer.header.participant'), value]);
      rows.push(...this.contactRow(entity));
    }
    return this.table(rows);
  }

  dataEnterer(): Out {
    const entity = one(this.doc, 'dataEnterer', 'assignedEntity');
    if (!one(this.doc, 'dataEnterer')) return [];
    return this.table([
      [t('cdaViewer.header.enteredBy'), [this.assignedEntity(entity)]],
      ...this.contactRow(entity),
    ]);
  }

  authenticator(): Out {
    const rows: [string, Out][] = [];
    for (const authenticator of kids(this.doc, 'authenticator')) {
      const entity = one(authenticator, 'assignedEntity');
      const time = showTime(one(authenticator, 'time'));
      rows.push([
        t('cdaViewer.header.signed'),
        [`${showName(one(entity, 'assignedPerson', 'name'))}${time ? t('cdaViewer.atTime', { time }) : ''}`],
      ]);
      rows.push(...this.contactRow(entity));
    }
    return this.table(rows);
  }

  legalAuthenticator(): Out {
    const legal = one(this.doc, 'legalAuthenticator');
    if (!legal) return [];
    const entity = one(legal, 'assignedEntity');
    const signature = codeName('signature', attr(one(legal, 'signatureCode'), 'code')) ?? '';
    const time = attr(one(legal, 'time'), 'value')
      ? t('cdaViewer.atTime', { time: showTime(one(legal, 'time')) })
      : '';
    return this.table([
      [
        t('cdaViewer.header.legalAuthenticator'),
        [`${this.assignedEntity(entity)} ${signature}${time}`.trim()],
      ],
      ...this.contactRow(entity),
    ]);
  }

  informant(): Out {
    const rows: [string, Out][] = [];
    for (const informant of kids(this.doc, 'informant')) {
      const assigned = one(informant, 'assignedEntity');
      const related = one(informant, 'relatedEntity');
      const value: string[] = [];
      if (assigned) value.push(this.assignedEntity(assigned));
      if (related) {
        const name = one(related, 'relatedPerson', 'name');
        const code = one(related, 'code');
        value.push(
          `${name ? showName(name) : ''}${code ? ` (${this.showCode(code)})` : ''}`.trim() ||
            nullFlavorLabel(related),
        );
      }
      rows.push([t('cdaViewer.header.informant'), [value.join(' ')]]);
      const contact =
        kids(assigned, 'addr').length + kids(assigned, 'telecom').length > 0 ? assigned : related;
      rows.push(...this.contactRow(contact));
    }
    return this.table(rows);
  }

  informationRecipient(): Out {
    const rows: [string, Out][] = [];
    for (const recipient of kids(this.doc, 'informationRecipient')) {
      const intended = kids(recipient, 'intendedRecipient');
      const people = intended.flatMap((i) => kids(i, 'informationRecipient')).filter((p) => one(p, 'name'));
      const organizations = intended.flatMap((i) => all(i, 'receivedOrganization', 'name'));
      const names = [...people.map((p) => showName(one(p, 'name'))), ...organizations.map(showName)];
      const value = names.length
        ? withBreaks(names)
        : intended.flatMap((i) => [kids(i, 'id').map(showId).join(' '), h('br', null)]);
      rows.push([t('cdaViewer.header.informationRecipient'), value]);
      for (const i of intended) rows.push(...this.contactRow(i));
    }
    return this.table(rows);
  }

  custodian(): Out {
    const organization = one(this.doc, 'custodian', 'assignedCustodian', 'representedCustodianOrganization');
    if (!one(this.doc, 'custodian')) return [];
    const name = one(organization, 'name');
    const value = name ? [showName(name)] : withBreaks(kids(organization, 'id').map(showId));
    return this.table([[t('cdaViewer.header.custodian'), value], ...this.contactRow(organization)]);
  }

  /** Parts spec 002 lists that the stylesheet's main template does not call. */
  otherParts(): Out {
    const rows: [string, Out][] = [];
    for (const order of all(this.doc, 'inFulfillmentOf', 'order')) {
      const parts = [
        ...kids(order, 'id').map(showId),
        ...kids(order, 'code').map((c) => this.showCode(c)),
        ...kids(order, 'priorityCode').map((c) => this.showCode(c)),
      ];
      rows.push([t('cdaViewer.header.inFulfillmentOf'), [parts.join('\u00a0')]]);
    }
    for (const related of kids(this.doc, 'relatedDocument')) {
      const ids = all(related, 'parentDocument', 'id').map(showId);
      rows.push([t('cdaViewer.header.relatedDocument'), withBreaks(ids)]);
    }
    for (const consent of all(this.doc, 'authorization', 'consent')) {
      rows.push([
        t('cdaViewer.header.consent'),
        [this.showCode(one(consent, 'code') ?? one(consent, 'statusCode'))],
      ]);
    }
    const setId = one(this.doc, 'setId');
    const version = one(this.doc, 'versionNumber');
    if (setId && version)
      rows.push([
        t('cdaViewer.header.setIdAndVersion'),
        [
          t('cdaViewer.header.setIdAndVersionValue', {
            setId: showId(setId),
            version: attr(version, 'value'),
          }),
        ],
      ]);
    const locations = kids(this.doc, 'participant')
      .filter((p) => attr(p, 'typeCode') === 'LOC')
      .map((p) => one(p, 'associatedEntity'))
      .filter((e): e is Element => !!e && attr(e, 'classCode') === 'SDLOC');
    for (const location of locations) {
      const code = one(location, 'code');
      const ids = kids(location, 'id').map(showId).join(' ');
      rows.push([
        t('cdaViewer.header.facilityId'),
        [`${ids}${code ? ` (${this.showCode(code)})` : ''}`.trim()],
      ]);
    }
    const period = one(this.doc, 'documentationOf', 'serviceEvent', 'effectiveTime');
    if (one(period, 'low') || one(period, 'high')) {
      rows.push([t('cdaViewer.header.periodFirstDay'), [showTime(one(period, 'low'))]]);
      rows.push([t('cdaViewer.header.periodLastDay'), [showTime(one(period, 'high'))]]);
    }
    return this.table(rows);
  }

  // ---- the body ----

  body(): { toc: boolean; out: Out } {
    const nonXml = one(this.doc, 'component', 'nonXMLBody');
    const structured = one(this.doc, 'component', 'structuredBody');
    const topSections = all(structured, 'component', 'section');
    const toc = !nonXml && descendants(this.doc, 'nonXMLBody').length === 0 && topSections.length > 1;
    const out: Out = [];
    if (toc)
      out.push(
        h('nav', { className: 'cda-toc', 'aria-labelledby': 'cdaview-toc' }, [
          h('h2', { id: 'cdaview-toc' }, [t('cdaViewer.tableOfContents')]),
          h(
            'ul',
            null,
            topSections.map((section, i) =>
              h('li', null, [h('a', { href: `#cdaview-section-${i}` }, [this.sectionTitle(section)])]),
            ),
          ),
        ]),
      );
    out.push(h('hr', { className: 'cda-rule' }));
    if (nonXml) out.push(...this.nonXmlBody(nonXml));
    topSections.forEach((section, i) => out.push(...this.section(section, i)));
    return { toc, out };
  }

  sectionTitle(section: Element): string {
    return text(one(section, 'title')) || this.showCode(one(section, 'code'));
  }

  section(section: Element, index: number): Out {
    // Headings step down one level per nesting (h2, h3 … h6), so the outline has no gaps.
    const out: Out = [
      h('h2', { id: `cdaview-section-${index}`, className: 'cda-section-title' }, [
        this.sectionTitle(section),
      ]),
    ];
    const authors = all(section, 'author', 'assignedAuthor');
    if (authors.length > 0)
      out.push(
        h('div', { style: { marginLeft: '2em' } }, [
          h('b', null, [t('cdaViewer.sectionAuthor')]),
          ...authors.flatMap((a) => this.authorName(a)),
          h('br', null),
        ]),
      );
    out.push(h('div', { className: 'cda-section-text' }, this.sectionText(section)));
    for (const nested of all(section, 'component', 'section')) out.push(...this.nested(nested, 2, 3));
    return out;
  }

  nested(section: Element, margin: number, level: number): Out {
    const style = { marginLeft: `${margin}em` };
    const out: Out = [
      h(`h${Math.min(level, 6)}`, { style, className: 'cda-nested-title' }, [this.sectionTitle(section)]),
      h('div', { style, className: 'cda-section-text' }, this.sectionText(section)),
    ];
    for (const child of all(section, 'component', 'section'))
      out.push(...this.nested(child, margin * 2, level + 1));
    return out;
  }

  sectionText(section: Element): Out {
    return kids(section, 'text').flatMap((t) => this.children(t));
  }

  nonXmlBody(body: Element): Out {
    const textEl = one(body, 'text');
    const reference = one(textEl, 'reference');
    if (reference) {
      const source = attr(reference, 'value');
      if (source.toLowerCase().includes('javascript'))
        return [h('p', { role: 'alert' }, [javascriptWarning])];
      if (sanitizerCharacters.test(source)) return [h('p', { role: 'alert' }, [maliciousWarning])];
      if (!this.options.frameReferences)
        return [h('p', { className: 'cda-missing-file' }, [t('cdaViewer.separateFile', { file: source })])];
      return [
        h('iframe', {
          name: 'nonXMLBody',
          id: 'nonXMLBody',
          title: t('cdaViewer.attachedDocument'),
          width: '80%',
          height: '600',
          src: source,
          sandbox: '',
          referrerPolicy: 'no-referrer',
        }),
      ];
    }
    const mediaType = attr(textEl, 'mediaType').toLowerCase();
    const b64 = attr(textEl, 'representation') === 'B64';
    if (textEl && (mediaType === 'text/plain' || mediaType === '')) {
      const raw = ownText(textEl);
      return [h('pre', { className: 'cda-plain' }, [b64 ? decodeBase64Text(raw) : raw])];
    }
    return [h('pre', null, [t('cdaViewer.cannotDisplayText')])];
  }

  // ---- narrative block ----

  children(el: Element, inTableStructure = false): Out {
    const out: Out = [];
    for (let node = el.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_NODE) {
        const value = node.nodeValue ?? '';
        if (inTableStructure && !value.trim()) continue;
        out.push(value);
      } else if (node.nodeType === ELEMENT_NODE) out.push(...this.narrative(node as Element));
    }
    return out;
  }

  narrative(el: Element): Out {
    switch (el.localName) {
      case 'paragraph': {
        const block = elements(el).some((c) => blockElements.has(c.localName));
        return [h(block ? 'div' : 'p', this.common(el, block ? 'cda-p' : undefined), this.children(el))];
      }
      case 'pre':
        return [h('pre', this.common(el), this.children(el))];
      case 'content':
        if (attr(el, 'revised') === 'delete') return [];
        return [h('span', this.common(el), this.children(el))];
      case 'br':
        return [h('br', null)];
      case 'sup':
      case 'sub':
        return [h(el.localName, null, this.children(el))];
      case 'list':
        return this.list(el);
      case 'caption':
        return [...this.children(el), ': '];
      case 'table':
        return this.dataTable(el);
      case 'thead':
      case 'tbody':
      case 'tfoot':
      case 'tr':
      case 'colgroup':
        return [h(el.localName, this.tableAttrs(el), this.children(el, true))];
      case 'th':
      case 'td':
        return [h(el.localName, this.tableAttrs(el), this.children(el))];
      case 'col':
        return [h('col', this.tableAttrs(el))];
      case 'renderMultiMedia':
        return this.multimedia(el);
      case 'linkHtml':
        return this.link(el);
      case 'footnote':
        return [h('small', this.common(el, 'cda-footnote'), ['[', ...this.children(el), ']'])];
      case 'footnoteRef': {
        const target = attr(el, 'IDREF');
        return [h('sup', null, [h('a', { href: `#cda-${target}` }, ['*'])])];
      }
      default:
        // Elements the narrative block does not define: their text, as the stylesheet does.
        return this.children(el);
    }
  }

  /** The id and styleCode every narrative element may carry, both prefixed so they cannot touch the page. */
  common(el: Element, extraClass?: string): Props {
    const classes = styleClasses(attr(el, 'styleCode'));
    if (extraClass) classes.unshift(extraClass);
    const id = attr(el, 'ID');
    const props: Record<string, unknown> = {};
    if (classes.length) props.className = classes.join(' ');
    if (id) props.id = `cda-${id}`;
    return props;
  }

  list(el: Element): Out {
    const ordered = attr(el, 'listType') === 'ordered';
    const caption = one(el, 'caption');
    const out: Out = [];
    if (caption)
      out.push(
        ordered
          ? h('span', { className: 'cda-caption' }, this.narrative(caption))
          : h('p', null, [h('b', null, this.narrative(caption))]),
      );
    out.push(
      h(
        ordered ? 'ol' : 'ul',
        this.common(el),
        kids(el, 'item').map((item) => h('li', this.common(item), this.children(item))),
      ),
    );
    return out;
  }

  dataTable(el: Element): Out {
    const outer = this.tableWarnings;
    this.tableWarnings = [];
    try {
      const props = this.tableAttrs(el);
      const content: Out = [];
      let loose: Out = [];
      const flush = () => {
        if (loose.length) content.push(h('tbody', null, loose));
        loose = [];
      };
      for (const child of elements(el)) {
        if (child.localName === 'caption') {
          content.push(h('caption', { className: 'cda-caption' }, this.children(child)));
        } else if (child.localName === 'tr') loose.push(...this.narrative(child));
        else {
          flush();
          content.push(...this.narrative(child));
        }
      }
      flush();
      const warnings = this.tableWarnings.map((w) => h('p', { role: 'alert' }, [w]));
      return [
        ...warnings,
        h(
          'table',
          { ...props, className: ['cda-table', props.className].filter(Boolean).join(' ') },
          content,
        ),
      ];
    } finally {
      this.tableWarnings = outer;
    }
  }

  /** The stylesheet's output-attrs: javascript terminates, then the allow-list, then the sanitizer. */
  tableAttrs(el: Element): Record<string, unknown> {
    const allowed = tableAttributes[el.localName] ?? [];
    const props: Record<string, unknown> = {};
    const attributes = el.attributes;
    for (let i = 0; i < attributes.length; i += 1) {
      const attribute = attributes.item(i);
      if (!attribute) continue;
      const name = attribute.localName;
      const value = attribute.value;
      if (value.toLowerCase().includes('javascript')) throw new Terminated();
      if (name === 'styleCode') {
        const classes = styleClasses(value);
        if (classes.length) props.className = classes.join(' ');
      } else if (!allowed.includes(name)) continue;
      else if (sanitizerCharacters.test(value)) this.tableWarnings?.push(maliciousWarning);
      else if (name === 'ID') props.id = `cda-${value}`;
      else if (name === 'language') props.lang = value;
      else {
        const reactName = reactAttributeNames[name];
        if (reactName) props[reactName] = value;
      }
    }
    return props;
  }

  multimedia(el: Element): Out {
    const out: Out = [];
    for (const ref of attr(el, 'referencedObject').split(/\s+/).filter(Boolean)) {
      const target = this.ids.get(ref);
      if (!target) continue;
      const media =
        target.localName === 'regionOfInterest'
          ? descendants(target, 'observationMedia')[0]
          : target.localName === 'observationMedia'
            ? target
            : undefined;
      const value = one(media, 'value');
      const mediaType = attr(value, 'mediaType');
      if (mediaType !== 'image/gif' && mediaType !== 'image/jpeg') continue;
      const caption = one(el, 'caption');
      const alt = caption ? text(caption) : '';
      const uri = attr(one(value, 'reference'), 'value');
      if (!uri) {
        const inline = value ? ownText(value).replace(/\s+/g, '') : '';
        if (inline && attr(value, 'representation') === 'B64' && /^[A-Za-z0-9+/=]+$/.test(inline))
          out.push(
            h('br', { className: 'cda-clear' }),
            h('img', { src: `data:${mediaType};base64,${inline}`, alt }),
          );
        continue;
      }
      const external = uri.includes(':') || uri.startsWith('\\\\');
      if (external && this.options.limitExternalImages) {
        const whitelisted = this.options.externalImageWhitelist
          .split('|')
          .filter(Boolean)
          .some((prefix) => uri.startsWith(prefix));
        if (!whitelisted || uri.toLowerCase().includes('javascript')) {
          out.push(
            h('p', { role: 'alert' }, [
              `WARNING: non-local image found ${uri}. Removing. If you wish non-local images preserved please set the limit-external-images param to 'no'.`,
            ]),
          );
          continue;
        }
      }
      if (!external) {
        // A file that travelled with the document; the portal does not hold it, so nothing is fetched.
        out.push(
          h('p', { className: 'cda-missing-image' }, [t('cdaViewer.imageNotAvailable', { file: uri })]),
        );
        continue;
      }
      out.push(
        h('br', { className: 'cda-clear' }),
        h('img', { src: uri, alt, referrerPolicy: 'no-referrer', crossOrigin: 'anonymous' }),
      );
    }
    return out;
  }

  /** linkHtml (the stylesheet shows only its text): in-document links work; web and mail links open outside. */
  link(el: Element): Out {
    const href = attr(el, 'href').trim();
    const content = this.children(el);
    if (href.startsWith('#')) return [h('a', { ...this.common(el), href: `#cda-${href.slice(1)}` }, content)];
    if (/^(https?:|mailto:)/i.test(href) && !/javascript/i.test(href) && !/[\s"'<>`]/.test(href))
      return [
        h('a', { ...this.common(el), href, target: '_blank', rel: 'noopener noreferrer nofollow' }, content),
      ];
    return [h('span', this.common(el), content)];
  }

  render(): CdaRenderResult {
    const title =
      text(one(this.doc, 'title')) || attr(one(this.doc, 'code'), 'displayName') || t('cdaViewer.untitled');
    try {
      const { out: bodyOut } = this.body();
      const content = h('article', { className: 'cda-document', 'aria-labelledby': 'cdaview-title' }, [
        h('h1', { id: 'cdaview-title', className: 'cda-title' }, [title]),
        ...this.recordTarget(),
        ...this.documentGeneral(),
        ...this.documentationOf(),
        ...this.author(),
        ...this.componentOf(),
        ...this.participant(),
        ...this.dataEnterer(),
        ...this.authenticator(),
        ...this.informant(),
        ...this.informationRecipient(),
        ...this.legalAuthenticator(),
        ...this.custodian(),
        ...this.otherParts(),
        ...bodyOut,
      ]);
      return { kind: 'document', title, content };
    } catch (error) {
      if (error instanceof Terminated) return { kind: 'terminated', title, warning: javascriptWarning };
      throw error;
    }
  }
}

const blockElements = new Set(['list', 'table', 'paragraph', 'pre', 'renderMultiMedia']);

const tableAttributes: Record<string, string[]> = (() => {
  const cell = ['ID', 'language', 'styleCode', 'abbr', 'axis', 'headers', 'scope', 'rowspan', 'colspan'];
  const align = ['align', 'char', 'charoff', 'valign'];
  const group = ['ID', 'language', 'styleCode', ...align];
  const col = ['ID', 'language', 'styleCode', 'span', 'width', ...align];
  return {
    table: [
      'ID',
      'language',
      'styleCode',
      'summary',
      'width',
      'border',
      'frame',
      'rules',
      'cellspacing',
      'cellpadding',
    ],
    thead: group,
    tfoot: group,
    tbody: group,
    tr: group,
    colgroup: col,
    col,
    th: [...cell, ...align],
    td: [...cell, ...align],
  };
})();

/** HTML attribute names as React spells them; char and charoff have no effect in any browser. */
const reactAttributeNames: Record<string, string> = {
  summary: 'summary',
  width: 'width',
  border: 'border',
  frame: 'frame',
  rules: 'rules',
  cellspacing: 'cellSpacing',
  cellpadding: 'cellPadding',
  align: 'align',
  valign: 'vAlign',
  span: 'span',
  abbr: 'abbr',
  axis: 'axis',
  headers: 'headers',
  scope: 'scope',
  rowspan: 'rowSpan',
  colspan: 'colSpan',
};

/** styleCode tokens as class names prefixed "cda-sc-", so a document cannot borrow the page's classes. */
function styleClasses(styleCode: string): string[] {
  return styleCode
    .split(/\s+/)
    .filter((token) => /^[A-Za-z][A-Za-z0-9]*$/.test(token))
    .map((token) => `cda-sc-${token}`);
}

/** The CDC Race & Ethnicity code system; its OMB groups have their names in the catalog. */
const cdcRaceCodeSystem = '2.16.840.1.113883.6.238';

function raceOrEthnicity(code: Element): string {
  const group =
    attr(code, 'codeSystem') === cdcRaceCodeSystem ? raceEthnicityGroupName(attr(code, 'code')) : undefined;
  return group || attr(code, 'displayName') || attr(code, 'code') || nullFlavorLabel(code);
}

/** The element's own text nodes (the stylesheet's text()), not its children's. */
function ownText(el: Element): string {
  let out = '';
  for (let node = el.firstChild; node; node = node.nextSibling)
    if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_NODE) out += node.nodeValue ?? '';
  return out;
}

/** Base64 plain text, decoded as UTF-8 (the stylesheet shows it undecoded). */
export function decodeBase64Text(raw: string): string {
  const compact = raw.replace(/\s+/g, '');
  try {
    const binary = atob(compact);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  } catch {
    return raw;
  }
}

/** Parses with the given DOMParser; a document that is not XML or not a ClinicalDocument is unreadable. */
export function parseCda(
  xml: string,
  parser: { parseFromString(s: string, type: 'application/xml'): Document },
): Element | null {
  let doc: Document;
  try {
    doc = parser.parseFromString(xml, 'application/xml');
  } catch {
    return null;
  }
  const root = doc.documentElement;
  if (!root || root.getElementsByTagName('parsererror').length > 0 || root.localName === 'parsererror')
    return null;
  if (root.localName !== 'ClinicalDocument' || !isV3(root)) return null;
  return root;
}

export function renderCdaDocument(
  root: Element,
  options: CdaRenderOptions = defaultCdaOptions,
): CdaRenderResult {
  return new Renderer(root, options).render();
}

export function renderCda(
  xml: string,
  options: CdaRenderOptions = defaultCdaOptions,
  parser: { parseFromString(s: string, type: 'application/xml'): Document } = new DOMParser(),
): CdaRenderResult {
  const root = parseCda(xml, parser);
  return root ? renderCdaDocument(root, options) : { kind: 'unreadable' };
}
