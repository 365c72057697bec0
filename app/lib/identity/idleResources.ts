/**
 * The inactivity dialog's localised text resources (docs/PRODUCT.md, Rules: dialog texts): the
 * codes, and the texts the local stack seeds per tenant and language. English is the specified
 * wording and is also the built-in default when the resource API cannot answer.
 */
export const IDLE_RESOURCE_CODES = [
  'IDLE_TITLE',
  'IDLE_MESSAGE',
  'IDLE_PRECAUTION',
  'IDLE_STAY',
  'IDLE_SIGN_OUT',
  'IDLE_CLOSE',
  'IDLE_COUNTDOWN_PREFIX',
  'IDLE_SECOND',
  'IDLE_SECONDS',
] as const;
export type IdleResourceCode = (typeof IDLE_RESOURCE_CODES)[number];

/**
 * The idle-timeout dialog. English is the specified wording, exactly; the countdown is
 * rendered as `${IDLE_COUNTDOWN_PREFIX} ${n} ${n > 1 ? IDLE_SECONDS : IDLE_SECOND}`.
 */
export const DEFAULT_RESOURCES: Record<'en' | 'es' | 'fr', Record<IdleResourceCode, string>> = {
  en: {
    IDLE_TITLE: 'Warning',
    IDLE_MESSAGE: 'Your online session will end soon, due to inactivity',
    IDLE_PRECAUTION: 'As a precaution, your session will end and you will be redirected to the home page.',
    IDLE_STAY: "Wait, I'm still here!",
    IDLE_SIGN_OUT: 'Sign out',
    IDLE_CLOSE: 'Close',
    IDLE_COUNTDOWN_PREFIX: 'You will be Logged out in',
    IDLE_SECOND: 'second',
    IDLE_SECONDS: 'seconds',
  },
  es: {
    IDLE_TITLE: 'Advertencia',
    IDLE_MESSAGE: 'Su sesión en línea terminará pronto por inactividad',
    IDLE_PRECAUTION: 'Como precaución, su sesión terminará y será redirigido a la página de inicio.',
    IDLE_STAY: '¡Espere, sigo aquí!',
    IDLE_SIGN_OUT: 'Cerrar sesión',
    IDLE_CLOSE: 'Cerrar',
    IDLE_COUNTDOWN_PREFIX: 'Su sesión se cerrará en',
    IDLE_SECOND: 'segundo',
    IDLE_SECONDS: 'segundos',
  },
  fr: {
    IDLE_TITLE: 'Avertissement',
    IDLE_MESSAGE: 'Votre session en ligne va bientôt prendre fin pour cause d’inactivité',
    IDLE_PRECAUTION: 'Par précaution, votre session va prendre fin et vous serez redirigé vers la page d’accueil.',
    IDLE_STAY: 'Attendez, je suis toujours là\u00a0!',
    IDLE_SIGN_OUT: 'Se déconnecter',
    IDLE_CLOSE: 'Fermer',
    IDLE_COUNTDOWN_PREFIX: 'Vous serez déconnecté dans',
    IDLE_SECOND: 'seconde',
    IDLE_SECONDS: 'secondes',
  },
};

