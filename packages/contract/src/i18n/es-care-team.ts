import type { CareTeamMessageKey } from './en-care-team';

/** Spanish texts of the care team and the provider directory (same keys as en-care-team.ts). */
export const esCareTeam: Record<CareTeamMessageKey, string> = {
  'validation.npi': 'El NPI debe tener 10 dígitos',
  'server.error.careTeamDuplicateProvider': 'Un proveedor solo puede estar una vez en el equipo de atención.',
  'server.error.careTeamReferringPhysician': 'Solo un miembro puede ser el médico remitente.',

  'careTeam.title': 'Mi equipo de atención',
  'careTeam.providers': 'Sus profesionales de salud',
  'careTeam.addProvider': 'Agregar proveedor',
  'careTeam.searchLabel': 'Buscar un proveedor',
  'careTeam.searchHint': 'Escriba más de 2 caracteres...',
  'careTeam.noResults': 'No se encontraron resultados',
  'careTeam.empty': 'La lista está vacía',
  'careTeam.referringPhysician': 'Médico remitente',
  'careTeam.remove': 'Quitar',
  'careTeam.removeNamed': 'Quitar a {name}',
  'careTeam.roleDescription': 'elemento reordenable',
  'careTeam.removeTitle': 'Quitar proveedor',
  'careTeam.removeConfirm': '¿Está seguro de que desea quitar a {name} del equipo de atención?',
  'careTeam.dragHandle': 'Reordenar a {name}',
  'careTeam.position': 'Posición {position}',
  'careTeam.dragInstructions':
    'Para reordenar un proveedor, enfoque su asa y pulse Espacio o Intro para tomarlo. Muévalo con las flechas arriba y abajo y pulse Espacio o Intro para soltarlo en su nuevo lugar, o Escape para cancelar. Con el ratón o en pantallas táctiles puede arrastrar el asa.',
  'careTeam.dragStart': 'Tomó a {name}. {name} está en la posición {position} de {total}.',
  'careTeam.dragOver': '{name} se movió a la posición {position} de {total}.',
  'careTeam.dragOutside': '{name} ya no está sobre la lista.',
  'careTeam.dragEnd': '{name} se soltó en la posición {position} de {total}. El nuevo orden está guardado.',
  'careTeam.dragCancel': 'Se canceló el reordenamiento. {name} sigue en la posición {position} de {total}.',
  'careTeam.resultsCount.one': 'Se encontró {count} proveedor',
  'careTeam.resultsCount.other': 'Se encontraron {count} proveedores',
  'careTeam.retry': 'Intentar de nuevo',
  'careTeam.npi': 'N.º de NPI {npi}',
  'careTeam.alreadyAdded': '{name} ya está en su equipo de atención.',
  'careTeam.fetchFailed': 'No pudimos cargar su equipo de atención. Revise su conexión e inténtelo de nuevo.',
  'careTeam.searchFailed':
    'La búsqueda de proveedores no está disponible ahora. Inténtelo de nuevo en un momento.',
  'careTeam.saveFailed':
    'No se pudo guardar su equipo de atención, así que se muestra de nuevo la última lista guardada. Intente el cambio otra vez.',
} as const;
