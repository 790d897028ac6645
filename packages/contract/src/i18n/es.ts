/**
 * The Spanish catalog (US Spanish, as patients of US practices read it). Typed against the English
 * one: a key missing here, or one English lacks, fails the typecheck. Placeholders stay as in English
 * (a test compares them). Each area keeps its Spanish texts in `es-<area>.ts`, spread in below.
 */
import type { Catalog } from './en';
import { esComponents } from './es-components';
import { esHistory } from './es-history';
import { esLanguage } from './es-language';
import { esMail } from './es-mail';
import { esFiles } from './es-files';
import { esShell } from './es-shell';
import { esHealthProfile } from './es-health-profile';
import { esEditProfile } from './es-edit-profile';
import { esCareTeam } from './es-care-team';
import { esConnectedApps } from './es-connected-apps';
import { esPharmacyErrors } from './es-pharmacy-errors';
import { esCdaViewer } from './es-cda-viewer';
import { esHealthInformation } from './es-health-information';
import { esPharmacies } from './es-pharmacies';
import { esAppointments } from './es-appointments';
import { esAppointmentErrors } from './es-appointment-errors';
import { esMessages } from './es-messages';
import { esMessagesErrors } from './es-messages-errors';
import { esMessageSending } from './es-message-sending';
import { esHealthAppErrors } from './es-health-app-errors';
import { esClinicalRecord } from './es-clinical-record';

const core = {
  'app.name': 'Dermis',
  'app.tagline': 'Acercamos a los médicos y a los pacientes.',
  'app.noscript':
    'Dermis necesita JavaScript. Active JavaScript en su navegador para usar el portal del paciente.',

  'validation.fieldRequired': '{field} es obligatorio',
  'validation.fieldRequiredGeneric': '¡El campo {field} es obligatorio!',
  'validation.maxLength': 'Este campo no puede tener más de {maxLength} caracteres',
  'validation.username':
    'El nombre de usuario debe tener de 3 a 35 caracteres: letras, números o algunos de estos caracteres especiales @. , - _ y +',
  'validation.password':
    'La contraseña debe tener al menos 8 caracteres, con al menos una letra mayúscula y un número.',
  'validation.invalid': 'El valor no es válido.',
  'validation.invalidCharacters': 'Este campo contiene caracteres que no están permitidos.',

  'field.username': 'Nombre de usuario',
  'field.password': 'Contraseña',

  'login.title': 'Iniciar sesión',
  'login.heading': 'Inicie sesión en su portal del paciente',
  'login.submit': 'Iniciar sesión',
  'login.inProgress': 'En curso...',
  'login.forgotPassword': '¿Olvidó su contraseña?',
  'login.error.badCredentials': 'Credenciales incorrectas',
  'login.error.requestFailed': '¡No se pudo iniciar sesión!',
  'login.error.noToken': 'Respuesta no válida: no hay token',
  'login.error.noServers': 'Respuesta no válida: no hay datos de servidores',
  'login.error.noUser': 'Respuesta no válida: no hay datos del usuario',
  'login.error.invalidOtp': 'Código de verificación no válido.',
  'login.error.codeFailed': '¡Falló!',
  'login.error.throttled':
    'Demasiados intentos de inicio de sesión. Espere unos minutos y vuelva a intentarlo.',

  'error.generic': 'Algo salió mal. Vuelva a intentarlo o comuníquese con el soporte técnico.',
  'error.serviceUnavailable':
    'El servicio no está disponible por un momento. Vuelva a intentarlo en un minuto.',
  'error.unauthorized': 'Su sesión ha caducado. Vuelva a iniciar sesión.',
  'error.forbidden': 'Acceso denegado.',
  'error.notFound': 'No se encontró.',
  'error.validation': 'La solicitud no es válida.',

  'forbidden.title': '403 Acceso denegado',
  'forbidden.text': '403 Acceso denegado: no tiene permiso para ver la página solicitada.',
  'notFound.title': 'No se encontró la página',
  'notFound.link': 'Ir a la página de inicio de sesión',
  'noSuchPage.title': 'Esta página no existe',

  'nav.myHealthProfile': 'Mi perfil de salud',
  'nav.appointments': 'Citas',
  'nav.notifications': 'Notificaciones',
  'nav.noNotifications': 'No hay notificaciones nuevas',
  'nav.notificationEntry': 'Revise su perfil médico antes de su visita con {provider}',
  'nav.responsiblePerson': 'Persona responsable',
  'nav.viewAs': 'Ver como {name}',
  'nav.account': 'Cuenta',
  'nav.healthInformation': 'Información de salud',
  'nav.messages': 'Mensajes',
  'nav.pharmacies': 'Farmacias',
  'nav.logout': 'Cerrar sesión',
  'nav.firstTimeLogin': 'Primer inicio de sesión (desarrollo)',
  'nav.screening': 'Evaluación (desarrollo)',
  'nav.activityLog': 'Registro de actividad',
  'nav.returnToAccount': 'Volver a su cuenta',
  'nav.viewingAccountOf': 'Está viendo la cuenta de:',
  'nav.mainMenu': 'Menú principal',
  'nav.profileMenu': 'menú del perfil',

  'footer.home': 'Inicio',
  'footer.termsOfUse': 'Condiciones de uso',
  'footer.privacyPolicy': 'Política de privacidad',
  'footer.badges': 'Insignias',
  'footer.top': 'Arriba',
  'footer.copyright': '© {year} Colaboradores de Dermis. Todos los derechos reservados.',
  'footer.terminology':
    'Este producto usa SNOMED Clinical Terms® (SNOMED CT®), edición de EE. UU., versión 20250901.',
  'footer.terminologyTooltip':
    'Parte del material del Metatesauro UMLS proviene de fuentes protegidas por derechos de autor de sus respectivos titulares. Los usuarios son los únicos responsables de cumplir con cualquier restricción de derechos de autor, patentes o marcas comerciales.',
  'footer.version': 'Versión {version}',

  'badges.title': 'Insignias de Dermis',
  'badges.intro':
    'Los sitios asociados pueden enlazar al portal del paciente con una de estas insignias. Elija un tamaño y copie el fragmento HTML en su página.',
  'badges.size': 'Tamaño de la insignia',
  'badges.snippet': 'Fragmento HTML de la insignia {size}',
  'badges.copy': 'Copiar fragmento',
  'badges.copied': 'Copiado',
  'badges.alt': 'Portal del paciente con tecnología de Dermis',
  'badges.size.xlarge': 'Extra grande (201x70)',
  'badges.size.large': 'Grande (144x50)',
  'badges.size.medium': 'Mediana (115x40)',
  'badges.size.small': 'Pequeña (81x25)',
  'badges.size.xsmall': 'Extra pequeña (52x16)',

  'legal.terms.title': 'Términos y condiciones',
  'legal.termsOfUse.title': 'Condiciones de uso',
  'legal.privacy.title': 'Política de privacidad',
  'legal.termsOfUse.intro':
    'Estas Condiciones de uso rigen su uso del portal del paciente Dermis (el Portal), que su consultorio médico (el Consultorio) pone a su disposición. Al iniciar sesión, usted las acepta.',
  'legal.termsOfUse.provider.heading': 'Quién proporciona el Portal',
  'legal.termsOfUse.provider.body':
    'El Portal lo proporciona a su Consultorio su proveedor de software (el Proveedor), ubicado en Naples, Florida. El Proveedor es un socio comercial (business associate) de su Consultorio según la Ley de Portabilidad y Responsabilidad del Seguro Médico (HIPAA) y la Ley de Tecnología de la Información de Salud para la Salud Económica y Clínica (HITECH), y protege su información de salud como lo exigen esas leyes.',
  'legal.termsOfUse.urgent.heading': 'No es para asuntos médicos urgentes',
  'legal.termsOfUse.urgent.body':
    'No envíe asuntos médicos urgentes por el Portal: es posible que los mensajes no se lean de inmediato. En una emergencia médica, llame al 911 o vaya a la sala de emergencias más cercana.',
  'legal.termsOfUse.account.heading': 'Su cuenta',
  'legal.termsOfUse.account.body':
    'Mantenga en secreto su nombre de usuario y su contraseña, y cierre la sesión al terminar, sobre todo en una computadora compartida. Avise de inmediato a su Consultorio si cree que otra persona usó su cuenta.',
  'legal.termsOfUse.minors.heading': 'Menores de edad y las personas que actúan en su nombre',
  'legal.termsOfUse.minors.body':
    'Cada Consultorio decide si los menores de edad, y los padres, tutores y otras personas responsables que actúan en su nombre, pueden usar el Portal y de qué manera. Una persona responsable ve solo lo que el Consultorio permite.',
  'legal.termsOfUse.accuracy.heading': 'Su información de salud',
  'legal.termsOfUse.accuracy.body':
    'La información del Portal proviene de los registros de su Consultorio y de lo que usted ingresa. No reemplaza los consejos de su proveedor de atención médica. Avise a su Consultorio cuando algo esté mal.',
  'legal.termsOfUse.optOut.heading': 'Dejar de participar',
  'legal.termsOfUse.optOut.body':
    'Puede dejar de usar el Portal en cualquier momento. Para hacerlo, avise a su Consultorio, que entonces cerrará su acceso.',
  'legal.termsOfUse.changes.heading': 'Cambios en estas condiciones',
  'legal.termsOfUse.changes.body':
    'Estas condiciones pueden cambiar. La versión vigente siempre está en esta página.',
  'legal.privacy.intro':
    'Esta Política de privacidad explica cómo el portal del paciente Dermis (el Portal) maneja su información personal y de salud. Se actualizó por última vez el 1 de octubre de 2013.',
  'legal.privacy.who.heading': 'Quiénes somos',
  'legal.privacy.who.body':
    'El Portal lo opera para su consultorio médico (el Consultorio) su proveedor de software (el Proveedor), ubicado en Naples, Florida. El Proveedor es un socio comercial (business associate) de su Consultorio según HIPAA y HITECH, y maneja su información de salud protegida solo como su Consultorio lo indica y esas leyes lo permiten.',
  'legal.privacy.collect.heading': 'Qué contiene el Portal',
  'legal.privacy.collect.body':
    'Lo que su Consultorio envía al Portal (como sus datos demográficos, citas, antecedentes de salud y documentos), lo que usted mismo ingresa y un registro de la actividad de su cuenta: los inicios de sesión y cada vez que se ve, descarga o transmite su información de salud.',
  'legal.privacy.use.heading': 'Cómo se usa',
  'legal.privacy.use.body':
    'Para mostrarle su información de salud a usted y a las personas que usted o su Consultorio autoricen, para que pueda comunicarse con su Consultorio, para mantener segura su cuenta y para cumplir con las obligaciones legales. Su información nunca se vende.',
  'legal.privacy.access.heading': 'Quién puede verla',
  'legal.privacy.access.body':
    'Su Consultorio, las personas responsables que su Consultorio vinculó a su cuenta y los destinatarios que usted elija al enviar o transmitir su historial. Cada Consultorio decide el acceso de los menores de edad y de quienes actúan en su nombre.',
  'legal.privacy.security.heading': 'Seguridad',
  'legal.privacy.security.body':
    'La información se cifra durante su transmisión, el acceso se limita a personas autorizadas y cada vez que se ve, descarga o transmite su información de salud queda anotado en su registro de actividad.',
  'legal.privacy.urgent.heading': 'Asuntos médicos urgentes',
  'legal.privacy.urgent.body':
    'No envíe asuntos médicos urgentes por el Portal. En una emergencia médica, llame al 911.',
  'legal.privacy.choices.heading': 'Sus opciones',
  'legal.privacy.choices.body':
    'Puede revisar su registro de actividad, actualizar su perfil y cancelar la suscripción a las notificaciones por correo electrónico. Para dejar de usar el Portal por completo, avise a su Consultorio.',
  'legal.privacy.contact.heading': 'Preguntas',
  'legal.privacy.contact.body':
    'Las preguntas sobre su información de salud deben dirigirse a su Consultorio, que guarda su expediente médico.',
  'legal.terms.intro':
    'Estos Términos y condiciones se aplican a todas las personas que usan el portal del paciente Dermis (el Portal), incluidos los sitios asociados que muestran una insignia de Dermis.',
  'legal.terms.use.heading': 'Uso del Portal',
  'legal.terms.use.body':
    'Use el Portal solo de forma legal, y solo con su propia cuenta o para un paciente en cuyo nombre su Consultorio le permite actuar. No intente acceder a información que no es suya.',
  'legal.terms.data.heading': 'Información de salud',
  'legal.terms.data.body':
    'El proveedor de software, ubicado en Naples, Florida, maneja la información de salud como socio comercial de su Consultorio según HIPAA y HITECH. La Política de privacidad explica cómo.',
  'legal.terms.urgent.heading': 'No es para asuntos médicos urgentes',
  'legal.terms.urgent.body':
    'El Portal no es para asuntos médicos urgentes. En una emergencia médica, llame al 911.',
  'legal.terms.minors.heading': 'Menores de edad',
  'legal.terms.minors.body': 'Cada Consultorio decide el acceso de los menores de edad al Portal.',
  'legal.terms.badges.heading': 'Insignias y enlaces',
  'legal.terms.badges.body':
    'Los sitios asociados pueden enlazar al Portal con las insignias de la página de Insignias, sin modificarlas. Una insignia no significa que el proveedor respalde el sitio asociado.',
  'legal.terms.optOut.heading': 'Dejar de participar',
  'legal.terms.optOut.body': 'Para dejar de usar el Portal, avise a su Consultorio.',

  'app.title': 'Dermis - {page}',
  'app.skipToContent': 'Saltar al contenido principal',
  'app.skipToNavigation': 'Saltar a la navegación',
  'app.logoLabel': 'Inicio de {name}',
  'app.loading': 'Cargando...',
  'page.signIn': 'Iniciar sesión',
  'page.signingOut': 'Cerrando sesión',
  'page.healthProfile': 'Perfil de salud',
  'page.appointments': 'Citas',
  'page.pharmacies': 'Farmacias',
  'page.healthInformation': 'Información de salud',
  'page.healthDocument': 'Documento de salud',
  'page.messages': 'Mensajes',
  'page.firstTimeLogin': 'Configuración inicial',
  'page.screening': 'Evaluación',
  'page.accountSettings': 'Configuración de la cuenta',
  'page.activityLog': 'Registro de actividad',
  'page.responsiblePersons': 'Personas responsables',
  'page.forgotPassword': 'Olvidé mi contraseña',
  'page.resetPassword': 'Restablecer contraseña',
  'page.createAccount': 'Crear cuenta',
  'page.verifyEmail': 'Verificar correo electrónico',
  'page.unsubscribe': 'Cancelar suscripción',
  'page.unsubscribeSuccess': 'Suscripción cancelada',
  'page.badges': 'Insignias',
  'page.forbidden': 'Acceso denegado',
  'page.notFound': 'Página no encontrada',
  'page.noSuchPage': 'Esta página no existe',
  'page.termsAndConditions': 'Términos y condiciones',
  'page.termsOfUse': 'Condiciones de uso',
  'page.privacyPolicy': 'Política de privacidad',
  'myHealthProfile.welcome': 'Bienvenido/a, {firstName}',
  'placeholder.step': 'Paso: {step}',
  'account.menu': 'Menú de la cuenta',
  'nav.notificationCount.one': '{count} nueva',
  'nav.notificationCount.other': '{count} nuevas',
  'footer.navigation': 'Pie de página',
  'footer.terminologyCopyright': 'Derechos de autor del Metatesauro UMLS',
  'badges.previewHeading': 'Vista previa',
  'badges.snippetHeading': 'Copiar y pegar',
  'login.togglePassword': 'Mostrar u ocultar la contraseña',

  'twoStep.heading': 'Perfil de verificación en dos pasos',
  'twoStep.authAppName': 'Mi perfil de autenticador',
  'twoStep.emailName': 'Correo electrónico',
  'twoStep.preferred': 'Preferido',
  'twoStep.setPreferred': 'Establecer como preferido',
  'twoStep.delete': 'Eliminar',
  'twoStep.add': 'Agregar',
  'twoStep.none': 'Todavía no tiene un perfil de verificación en dos pasos.',
  'twoStep.deleteTitle': 'Eliminar perfil de verificación en dos pasos',
  'twoStep.deleteText': 'Para eliminar este perfil, ingrese su contraseña de inicio de sesión.',
  'twoStep.deleteConfirm': 'Eliminar perfil',
  'twoStep.cancel': 'Cancelar',
  'twoStep.addTitle': 'Agregar perfil de verificación en dos pasos',
  'twoStep.chooseType': '¿Cómo desea recibir los códigos de verificación?',
  'twoStep.typeLabel': 'Tipo',
  'twoStep.typeAuthApp': 'Aplicación de autenticación',
  'twoStep.typeEmail': 'Correo electrónico',
  'twoStep.next': 'Siguiente',
  'twoStep.back': 'Atrás',
  'twoStep.emailPrompt': 'Para continuar, ingrese su dirección de correo electrónico.',
  'twoStep.emailInvalid': 'El correo electrónico no es válido',
  'twoStep.step1': 'Descargue una aplicación de autenticación en su teléfono.',
  'twoStep.step2': 'Abra la aplicación y configure una cuenta nueva.',
  'twoStep.step3': 'Escanee el código QR de abajo con la aplicación.',
  'twoStep.tooltip': 'Le recomendamos la aplicación Google Authenticator.',
  'twoStep.tooltipLabel': 'Acerca de las aplicaciones de autenticación',
  'twoStep.qrAlt': 'Código QR para su aplicación de autenticación',
  'twoStep.qrLoading': 'Cargando el código QR',
  'twoStep.loading': 'Cargando sus perfiles de verificación en dos pasos',
  'twoStep.manualKey': 'O ingrese esta clave en la aplicación',
  'twoStep.enterCode': 'Ingrese el código de verificación de seis dígitos.',
  'twoStep.codeGroup': 'Código de verificación',
  'twoStep.digit': 'Dígito {n} de 6',
  'twoStep.verify': 'Verificar',
  'twoStep.resend': 'Reenviar código',
  'twoStep.resent': '¡El código de verificación se envió correctamente!',
  'twoStep.ok': 'Aceptar',
  'twoStep.close': 'Cerrar',
  'twoStep.errorTitle': 'Error',
  'twoStep.error.failed': '¡Falló!',
  'twoStep.error.resend': 'No se pudo reenviar el código de verificación.',
  'twoStep.error.add': 'No se pudo agregar el nuevo perfil de verificación en dos pasos.',
  'twoStep.error.fetchActive': 'No se pudieron obtener sus perfiles activos de verificación en dos pasos.',
  'twoStep.error.delete': 'No se pudo eliminar su perfil de verificación en dos pasos.',
  'twoStep.error.setPreferred':
    'No se pudo establecer su perfil de verificación en dos pasos como preferido.',
  'twoStep.error.verify': 'No se pudo verificar su perfil de verificación en dos pasos.',
  'twoStep.error.fetch': 'No se pudieron obtener los perfiles de verificación en dos pasos.',
  'twoStep.error.addLogin': 'No se pudo agregar el nuevo perfil de verificación en dos pasos.',
  'twoStep.error.badPassword':
    'No se pudo desactivar el perfil de verificación en dos pasos: la contraseña es incorrecta.',
  'twoStep.error.types': 'No se pudieron obtener los tipos de perfiles de verificación en dos pasos.',
  'twoStep.error.typeExists': 'Ya tiene configurado un perfil de verificación en dos pasos de este tipo.',
  'twoStep.login.title': 'Verificación en dos pasos',
  'twoStep.login.explain':
    'Para ayudar a proteger su información, queremos asegurarnos de que realmente es usted quien intenta iniciar sesión.',
  'twoStep.login.codeAuthApp': 'Ingrese el código que muestra su aplicación de autenticación.',
  'twoStep.login.codeEmail': 'Enviamos un código de verificación a su dirección de correo electrónico.',
  'twoStep.login.spam': 'Si no ve el correo electrónico, revise su carpeta de correo no deseado.',
  'twoStep.login.tryAnother': 'Probar de otra manera',
  'twoStep.login.useAuthApp': 'Usar la aplicación de autenticación para generar un código de verificación.',
  'twoStep.login.useEmail': 'Enviarme un código de verificación por correo electrónico.',
  'twoStep.login.submit': 'Iniciar sesión',
  'twoStep.setup.title': 'Configurar la verificación en dos pasos',
  'twoStep.setup.required': 'Su consultorio exige la verificación en dos pasos. Configúrela para continuar.',
  'twoStep.setup.time.one': 'Tiene {minutes} minuto para completar la configuración.',
  'twoStep.setup.time.other': 'Tiene {minutes} minutos para completar la configuración.',
  'twoStep.mail.subject': 'Su código de verificación',
  'twoStep.mail.greeting': 'Hola:',
  'twoStep.mail.code.one': 'Su código de verificación es {code}. Vence en {minutes} minuto.',
  'twoStep.mail.code.other': 'Su código de verificación es {code}. Vence en {minutes} minutos.',
  'twoStep.mail.ignore': 'Si no pidió este código, puede ignorar este correo electrónico.',

  'forgotPassword.intro':
    'Ingrese su nombre de usuario y le enviaremos por correo electrónico un enlace para restablecer su contraseña.',
  'forgotPassword.submit': 'Restablecer contraseña',
  'forgotPassword.inProgress': 'En curso...',
  'forgotPassword.usernameRequired': 'El campo de nombre de usuario es obligatorio.',
  'forgotPassword.sent': 'Se envió el enlace para restablecer la contraseña. Revise su correo electrónico.',
  'forgotPassword.error.noPatientForUsername': 'El nombre de usuario no es válido.',
  'forgotPassword.error.mailAlreadySent': 'Ya se envió el correo electrónico para restablecer la contraseña.',
  'forgotPassword.error.patientInactive': 'Esta cuenta está inactiva.',
  'forgotPassword.error.portalAccountInactive':
    'Esta cuenta de Dermis está inactiva. Comuníquese con el soporte técnico.',
  'forgotPassword.error.noEmailOnFile':
    'No hay una dirección de correo electrónico registrada para esta cuenta. Pida a su clínica que agregue una.',
  'forgotPassword.error.throttled':
    'Demasiadas solicitudes para restablecer la contraseña. Espere unos minutos y vuelva a intentarlo.',
  'forgotPassword.error.unexpected':
    'Respuesta inesperada. Vuelva a intentarlo o comuníquese con el soporte técnico.',
  'forgotPassword.error.network': 'Algo salió mal. Vuelva a intentarlo o comuníquese con el soporte técnico.',
  'resetPassword.newPassword': 'Contraseña nueva',
  'resetPassword.confirmPassword': 'Vuelva a ingresar la contraseña nueva',
  'resetPassword.submit': 'Cambiar contraseña',
  'resetPassword.passwordRequired': 'El campo de contraseña es obligatorio.',
  'resetPassword.confirmationMismatch': 'La confirmación de la contraseña no coincide.',
  'resetPassword.invalid': 'El enlace para restablecer la contraseña no es válido.',
  'resetPassword.expired':
    'El enlace para restablecer la contraseña caducó. Vaya a la página de contraseña olvidada y vuelva a intentarlo.',
  'resetPassword.forgotPasswordLink': 'Ir a la página de contraseña olvidada',
  'resetPassword.used': 'El enlace para restablecer la contraseña ya se usó.',
  'resetPassword.success': '¡Felicidades, {username}! Su contraseña se restableció correctamente.',
  'resetPassword.unexpected':
    'Respuesta inesperada. Vuelva a intentarlo o comuníquese con el soporte técnico.',
  'resetPassword.network': 'Algo salió mal. Vuelva a intentarlo o comuníquese con el soporte técnico.',
  'mail.passwordReset.subject': 'Restablezca su contraseña',
  'mail.passwordReset.greeting': 'Hola:',
  'mail.passwordReset.body.one':
    'Recibimos una solicitud para restablecer la contraseña de su cuenta del portal del paciente. El enlace de abajo funciona una sola vez y vence en {minutes} minuto.',
  'mail.passwordReset.body.other':
    'Recibimos una solicitud para restablecer la contraseña de su cuenta del portal del paciente. El enlace de abajo funciona una sola vez y vence en {minutes} minutos.',
  'mail.passwordReset.ignore':
    'Si usted no lo pidió, ignore este correo electrónico: su contraseña no cambia.',
  'mail.passwordReset.action': 'Restablecer su contraseña',
  'accountSettings.username': 'Nombre de usuario',
  'accountSettings.password': 'Contraseña',
  'accountSettings.edit': 'Editar',
  'accountSettings.editUsername': 'Editar nombre de usuario',
  'accountSettings.editPassword': 'Editar contraseña',
  'accountSettings.save': 'Guardar',
  'accountSettings.cancel': 'Cancelar',
  'accountSettings.saving': 'Guardando...',
  'accountSettings.newUsername': 'Escriba el nuevo nombre de usuario',
  'accountSettings.missingUsername': 'Falta el nuevo nombre de usuario',
  'accountSettings.usernameTaken': 'Ese nombre de usuario ya está en uso',
  'accountSettings.currentPassword': 'Contraseña actual',
  'accountSettings.newPassword': 'Contraseña nueva',
  'accountSettings.retypePassword': 'Vuelva a escribir la contraseña nueva',
  'accountSettings.missingPassword': 'Falta la contraseña nueva',
  'accountSettings.passwordMismatch': 'La contraseña nueva no coincide con la que volvió a escribir',
  'accountSettings.oldPasswordWrong': 'La contraseña anterior no es correcta.',
  'accountSettings.passwordChangeThrottled':
    'Demasiadas contraseñas incorrectas. Espere unos minutos y vuelva a intentarlo.',
  'accountSettings.lastPasswordChange': 'La contraseña se cambió por última vez el {date}',
  'accountSettings.passwordNeverChanged': 'La contraseña nunca se ha cambiado',
  'accountSettings.saveFailed': 'Ocurrió un error al guardar sus datos. Vuelva a intentarlo más tarde.',
  'accountSettings.usernameSaved': 'Se cambió su nombre de usuario.',
  'accountSettings.passwordSaved': 'Se cambió su contraseña.',
  'activityLog.subheader': 'Este es un registro de su actividad en el portal del paciente',
  'activityLog.patientName': 'Nombre del paciente',
  'activityLog.actedBy': '(por {name})',
  'activityLog.action': 'Acción',
  'activityLog.dateTime': 'Fecha y hora (GMT{offset})',
  'activityLog.empty': 'No tiene actividad registrada',
  'activityLog.fetchFailed': 'No se pudo obtener la información, vuelva a intentarlo...',
  'activityLog.action.DOWNLOAD_PDF': 'Descargó información de salud en formato PDF',
  'activityLog.action.DOWNLOAD_CCDA': 'Descargó información de salud en formato C-CDA',
  'activityLog.action.VIEW': 'Vio información de salud',
  'activityLog.action.TRANSMIT': 'Transmitió por Direct',
  'activityLog.action.TRANSMIT_VIA_EMAIL': 'Transmitió por correo electrónico',
  'activityLog.action.TRANSMIT_VIA_EMAIL_TO': 'Transmitió por correo electrónico a {address}',
  'activityLog.failed': '{action} (no entregado: la transmisión falló)',
  'responsiblePersons.subheader': 'Esta es una lista de sus personas responsables',
  'responsiblePersons.none': 'No ha asignado ninguna persona responsable',
  'responsiblePersons.name': 'Nombre',
  'responsiblePersons.relationship': 'Parentesco',
  'responsiblePersons.contact': 'Contacto',
  'responsiblePersons.noContact': 'Sin contacto',
  'responsiblePersons.otherRelationship': 'Otro',
  'responsiblePersons.fetchFailed': 'No se pudo obtener la información, vuelva a intentarlo...',

  'field.rePassword': 'Vuelva a ingresar la contraseña',
  'field.dateOfBirth': 'Fecha de nacimiento',
  'validation.dateOfBirth': 'Ingrese una fecha válida con el formato MM/DD/AAAA.',
  'createAccount.intro':
    'Elija un nombre de usuario y una contraseña para su cuenta del portal del paciente. Ingrese su fecha de nacimiento para confirmar su identidad.',
  'createAccount.dateOfBirthHint': 'MM/DD/AAAA',
  'createAccount.submit': 'Crear cuenta',
  'createAccount.inProgress': 'En curso...',
  'createAccount.error.passwordMismatch': 'La confirmación de la contraseña no coincide.',
  'createAccount.error.expired':
    'Este enlace para crear una cuenta caducó. Pida al personal de su clínica que le envíe uno nuevo.',
  'createAccount.error.invalid': 'Este enlace para crear una cuenta no es válido.',
  'createAccount.warning.used': 'Este enlace para crear una cuenta ya se usó. Inicie sesión.',
  'createAccount.success': 'Su cuenta se creó correctamente y está lista para usarse.',
  'createAccount.error.usernameExists': 'Ese nombre de usuario ya existe en nuestro sistema; elija otro.',
  'createAccount.error.wrongDateOfBirth': 'La fecha de nacimiento es incorrecta.',
  'createAccount.error.unknownResponse':
    'No se puede crear su cuenta en este momento. Vuelva a intentarlo más tarde o pida al personal de su clínica que le envíe un nuevo enlace para crear una cuenta.',
  'createAccount.error.serviceUnavailable':
    'El servicio no está disponible en este momento. Vuelva a intentarlo más tarde o pida ayuda al personal de su clínica.',
  'createAccount.error.requestFailed':
    'No se pudo completar la solicitud para crear la cuenta, vuelva a intentarlo...',
  'verifyEmail.heading': 'Verificando su dirección de correo electrónico',
  'verifyEmail.inProgress': 'Verificando su dirección de correo electrónico, espere...',
  'verifyEmail.success': 'Se verificó su correo electrónico. Cree un nombre de usuario y una contraseña.',
  'verifyEmail.error.invalid': 'Este enlace de verificación de correo electrónico no es válido.',
  'verifyEmail.error.expired':
    'Este enlace de verificación de correo electrónico caducó. Pida al personal de su clínica que le envíe uno nuevo.',
  'verifyEmail.error.requestFailed':
    'No se pudo completar la verificación del correo electrónico, vuelva a intentarlo...',
  'verifyEmail.error.used': 'Este enlace de verificación de correo electrónico ya se usó.',
  'verifyEmail.toLogin': 'Ir a la página de inicio de sesión',
  'unsubscribe.heading': 'Cancelar suscripción',
  'unsubscribe.confirm.1':
    '¿Está seguro de que desea dejar de recibir recordatorios de citas por correo electrónico?',
  'unsubscribe.confirm.3':
    '¿Está seguro de que desea dejar de recibir recordatorios por correo electrónico para programar citas futuras?',
  'unsubscribe.confirm.4':
    '¿Está seguro de que desea dejar de recibir mensajes personalizados por correo electrónico?',
  'unsubscribe.yes': 'SÍ',
  'unsubscribe.no': 'NO',
  'unsubscribe.error': 'Algo salió mal. Vuelva a intentarlo o comuníquese con el soporte técnico.',
  'unsubscribeSuccess.heading': 'Se canceló su suscripción',
  'unsubscribeSuccess.message.1': 'Ya no recibirá recordatorios de citas por correo electrónico.',
  'unsubscribeSuccess.message.3':
    'Ya no recibirá recordatorios por correo electrónico para programar citas futuras.',
  'unsubscribeSuccess.message.4': 'Ya no recibirá mensajes personalizados por correo electrónico.',
  'unsubscribeSuccess.message.unknown': 'Se canceló su suscripción.',
  'unsubscribeSuccess.ok': 'Aceptar',
  'server.error.alreadyHasAccount':
    'Este paciente ya tiene una cuenta del portal; envíe en su lugar un enlace de verificación de correo electrónico.',
  'server.error.noEmail':
    'No se conoce ninguna dirección de correo electrónico de este paciente; indique una en "email".',
  'server.error.invalidUnsubscribeLink': 'Este enlace para cancelar la suscripción no es válido.',
  'server.error.patientInactive': 'Este paciente está inactivo o falleció; no se puede enviar ningún enlace.',

  'server.error.conflict': 'La solicitud entra en conflicto con datos existentes.',
  'server.error.badRequest': 'No se pudo leer la solicitud.',
  'server.error.apiKey': 'Se necesita una clave de API válida en el encabezado X-Api-Key.',
  'server.error.patientNotFound':
    'No existe ningún paciente con el id externo {externalId} en este consultorio.',
  'server.error.practiceNotFound': 'No existe ningún consultorio con el id {practiceId}.',
  'server.error.selfLink': 'Un paciente no puede ser su propia persona responsable.',
  'server.error.externalIdMismatch': 'El externalId del cuerpo debe coincidir con el de la ruta.',
};

export const es = {
  ...core,
  ...esMail,
  ...esHistory,
  ...esLanguage,
  ...esComponents,
  ...esShell,
  ...esHealthProfile,
  ...esEditProfile,
  ...esFiles,
  ...esCareTeam,
  ...esConnectedApps,
  ...esPharmacyErrors,
  ...esCdaViewer,
  ...esHealthInformation,
  ...esPharmacies,
  ...esAppointments,
  ...esAppointmentErrors,
  ...esMessages,
  ...esMessagesErrors,
  ...esMessageSending,
  ...esHealthAppErrors,
  ...esClinicalRecord,
} satisfies Catalog;
