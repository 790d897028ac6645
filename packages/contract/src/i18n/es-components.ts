import type { enComponents } from './en-components';

export const esComponents = {
  'components.loading': 'Cargando...',
  'components.close': 'Cerrar',
  'components.cancel': 'Cancelar',
  'components.confirm': 'Confirmar',
  'components.ok': 'Aceptar',
  'components.errorTitle': 'Error',
  'components.moreInformation': 'Más información',
  'components.moreFailed': 'No se pudo cargar más. Inténtelo de nuevo.',
} satisfies Record<keyof typeof enComponents, string>;
