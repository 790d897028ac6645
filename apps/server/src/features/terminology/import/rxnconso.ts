/**
 * One line of an RxNorm release's RXNCONSO.RRF (NLM's Rich Release Format: one atom per line,
 * `|`-separated, 18 fields and a trailing `|`):
 *   RXCUI|LAT|TS|LUI|STT|SUI|ISPREF|RXAUI|SAUI|SCUI|SDUI|SAB|TTY|CODE|STR|SRL|SUPPRESS|CVF|
 * Shared by the importer and the starter check so both read the release the same way.
 */
export interface RxnconsoAtom {
  rxcui: string;
  lat: string;
  sab: string;
  tty: string;
  str: string;
  suppress: string;
}

/** The atom of a line, or null when the line does not have the 18 fields of the format. */
export function parseRxnconsoLine(line: string): RxnconsoAtom | null {
  const fields = line.split('|');
  if (fields.length < 18) return null;
  const [rxcui = '', lat = '', , , , , , , , , , sab = '', tty = '', , str = '', , suppress = ''] = fields;
  return { rxcui, lat, sab, tty, str, suppress };
}

/** RxNorm's own current English atoms: the ones NLM normalises (the other sources are licensed). */
export const isCurrentRxNormAtom = (atom: RxnconsoAtom): boolean =>
  atom.sab === 'RXNORM' && atom.lat === 'ENG' && atom.suppress === 'N';
