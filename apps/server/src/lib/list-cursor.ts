/**
 * The keyset cursor of a patient's list (decisions 240, 255): the patient, the list's name and the
 * last row's id, base64url. Opaque to the web; bound to one patient's list, so one of another
 * patient or another list reads as no cursor at all (the caller answers an empty page), never as a
 * position in someone else's rows. The row's own sort keys are read from the database by its id
 * within the patient's list, so no date or status travels in it.
 */
export const listCursor = {
  of: (patientId: number, list: string, lastId: number): string =>
    Buffer.from(`${patientId}.${list}.${lastId}`).toString('base64url'),
  read(cursor: string, patientId: number, list: string): number | null {
    const match = /^(\d{1,10})\.([A-Z]+)\.(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString());
    if (!match || Number(match[1]) !== patientId || match[2] !== list) return null;
    const id = Number(match[3]);
    return id <= 2_147_483_647 ? id : null;
  },
};
