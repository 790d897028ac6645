/**
 * Spec 000 §2, §6: a responsible person acts for a patient under /{patientId}/...; the view counts as
 * acting-for only when that id is not the signed-in user's own patient id.
 */
export function actingPatientId(pathname: string, ownPatientId: number): number | null {
  const first = pathname.split('/')[1] ?? '';
  if (!/^\d+$/.test(first)) return null;
  const id = Number(first);
  return id === ownPatientId ? null : id;
}
