import { afterEach, describe, expect, it } from 'vitest';
import { passwordLoginRequest } from '@dermis/contract';
import { setLanguage, t, tPlural, translateIssue, translateIssues } from './index';

describe('t', () => {
  it('returns the catalog text and fills placeholders', () => {
    expect(t('login.error.badCredentials')).toBe('Bad Credentials');
    expect(t('nav.viewAs', { name: 'Ann Lee' })).toBe('View as Ann Lee');
    expect(t('validation.maxLength', { maxLength: 255 })).toBe(
      'This field can not contain more than 255 characters',
    );
  });

  it('keeps an unfilled placeholder visible so a missing value is noticed', () => {
    expect(t('nav.viewAs')).toBe('View as {name}');
  });
});

describe('tPlural', () => {
  afterEach(async () => {
    await setLanguage('en', { remember: false });
  });

  it('picks the one or other text by the count, in the current language', async () => {
    const shown = (total: number) =>
      tPlural('appointments.shownCount', total, { shown: Math.min(total, 2), total });
    expect(shown(1)).toBe('Showing 1 of 1 past visit');
    expect(shown(0)).toBe('Showing 0 of 0 past visits');
    expect(shown(5)).toBe('Showing 2 of 5 past visits');
    expect(tPlural('careTeam.resultsCount', 1)).toBe('1 provider found');
    await setLanguage('es', { remember: false });
    expect(shown(1)).toBe('Se muestra 1 de 1 visita anterior');
    expect(shown(5)).toBe('Se muestran 2 de 5 visitas anteriores');
    // CLDR's Spanish 'many' (a million) takes the plural text.
    expect(tPlural('careTeam.resultsCount', 1_000_000)).toBe('Se encontraron 1000000 proveedores');
  });

  it('counts documents, policies, pharmacies, new notifications and minutes in both languages', async () => {
    const texts = () => [
      tPlural('documents.count', 1),
      tPlural('documents.count', 2),
      tPlural('insurance.block.policies', 1),
      tPlural('insurance.block.policies', 3),
      tPlural('pharmacies.resultCount', 1),
      tPlural('pharmacies.resultCount', 0),
      tPlural('pharmacies.shownCount', 1, { shown: 1, total: 1 }),
      tPlural('pharmacies.shownCount', 45, { shown: 20, total: 45 }),
      tPlural('pharmacies.showMore', 1, { remaining: 1 }),
      tPlural('pharmacies.showMore', 25, { remaining: 25 }),
      tPlural('nav.notificationsWithCount', 1),
      tPlural('nav.notificationCount', 2),
      tPlural('twoStep.setup.time', 1, { minutes: 1 }),
      tPlural('twoStep.mail.code', 1, { code: '123456', minutes: 1 }),
    ];
    expect(texts()).toEqual([
      '1 document',
      '2 documents',
      '1 policy',
      '3 policies',
      '1 pharmacy',
      '0 pharmacies',
      'Showing 1 of 1 pharmacy',
      'Showing 20 of 45 pharmacies',
      'Show more pharmacies (1 left)',
      'Show more pharmacies (25 left)',
      'Notifications 1 new',
      '2 new',
      'You have 1 minute to complete the setup.',
      'Your verification code is 123456. It expires in 1 minute.',
    ]);
    await setLanguage('es', { remember: false });
    expect(texts()).toEqual([
      '1 documento',
      '2 documentos',
      '1 póliza',
      '3 pólizas',
      '1 farmacia',
      '0 farmacias',
      'Se muestra 1 de 1 farmacia',
      'Se muestran 20 de 45 farmacias',
      'Mostrar más farmacias (queda 1)',
      'Mostrar más farmacias (quedan 25)',
      'Notificaciones 1 nueva',
      '2 nuevas',
      'Tiene 1 minuto para completar la configuración.',
      'Su código de verificación es 123456. Vence en 1 minuto.',
    ]);
  });
});

describe('translateIssue', () => {
  it('fills {field} with the translated label', () => {
    expect(translateIssue('validation.fieldRequired', 'field.username')).toBe('Username is required');
  });

  it('shows a text that is not a catalog key as it came', () => {
    expect(translateIssue('Username has been already taken')).toBe('Username has been already taken');
    expect(translateIssue(undefined)).toBeUndefined();
  });

  it('translates the issues of a contract schema', () => {
    const result = passwordLoginRequest.safeParse({ username: ' ', password: '' });
    expect(result.success).toBe(false);
    const messages = translateIssues(result.error!.issues, {
      username: 'field.username',
      password: 'field.password',
    });
    expect(messages).toEqual([
      { field: 'username', message: 'Username is required' },
      { field: 'password', message: 'Password is required' },
    ]);
  });
});
