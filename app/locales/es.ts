import type { TranslationShape } from '#app/lib/i18n/keys';
import account from './es/account';
import social from './es/social';
import twoFactor from './es/twoFactor';
import session from './es/session';
import dashboard from './es/dashboard';
import schedule from './es/schedule';
import events from './es/events';
import live from './es/live';
import reactions from './es/reactions';
import waiting from './es/waiting';
import breakouts from './es/breakouts';
import polls from './es/polls';
import analytics from './es/analytics';
import rangeAnalytics from './es/rangeAnalytics';
import embeds from './es/embeds';
import registration from './es/registration';
import webhooks from './es/webhooks';
import lobby from './es/lobby';
import chat from './es/chat';
import gallery from './es/gallery';
import transcribe from './es/transcribe';
import library from './es/library';
import upload from './es/upload';
import player from './es/player';
import ondemand from './es/ondemand';
import recording from './es/recording';
import captions from './es/captions';
import capture from './es/capture';
import playback from './es/playback';
import broadcast from './es/broadcast';
import donations from './es/donations';
import payments from './es/payments';
import cart from './es/cart';
import shop from './es/shop';
import tickets from './es/tickets';
import photo from './es/photo';
import voice from './es/voice';
import apiKeys from './es/apiKeys';

/** Spanish UI strings (neutral Spanish, "tú"), key for key with en.ts. */
const es: TranslationShape = {
  nav: {
    home: 'Inicio',
    liveEvents: 'En vivo',
    features: 'Funciones',
    partners: 'Aliados',
    support: 'Ayuda',
    blog: 'Blog',
    pricing: 'Precios',
    demo: 'Demo',
    menu: 'Menú',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    main: 'Navegación principal',
    skipToContent: 'Saltar al contenido',
  },
  language: {
    label: 'Idioma',
    change: 'Cambiar idioma',
    title: 'Elige tu idioma',
    intro: 'Las páginas de este sitio se mostrarán en el idioma que elijas.',
    save: 'Guardar',
    saved: 'Idioma guardado.',
    current: 'Idioma actual',
    /** A label before what it names, with the language's punctuation (French: a narrow space before the colon). */
    labelled: '{{label}}:',
    labelValue: '{{label}}: {{value}}',
    unsupported: 'Este sitio no está disponible en ese idioma.',
    names: { en: 'English', es: 'Español', fr: 'Français' },
  },
  footer: {
    legal: 'Legal',
    company: 'Empresa',
    help: 'Ayuda',
    terms: 'Términos de uso',
    privacy: 'Política de privacidad',
    security: 'Seguridad',
    cdeVerified: 'Seguridad de pagos',
    aboutUs: 'Quiénes somos',
    companyFacts: 'Datos de la empresa',
    news: 'Noticias',
    jobs: 'Empleo',
    questions: 'Preguntas frecuentes',
    contactUs: 'Contacto',
    requestInfo: 'Solicitar información',
    rights: '© {{year}} {{company}}. Todos los derechos reservados.',
    contact: 'Contacto',
    siteLinks: 'Enlaces del sitio',
  },
  home: {
    upcomingTitle: 'Próximos eventos en vivo',
    upcomingEmpty: 'Todavía no hay eventos en vivo programados. Vuelve pronto.',
    explore: 'Explorar',
    allEvents: 'Ver todos los eventos en vivo',
    calendar: 'Calendario de eventos',
    unavailable: 'Los próximos eventos no se pueden mostrar ahora: la base de datos no responde.',
    channelsTitle: 'Canales destacados',
    allChannels: 'Todos los canales',
    replaysTitle: 'Mira las repeticiones',
    allReplays: 'Todos los videos',
    duration: 'Duración {{time}}',
    testimonialsTitle: 'Lo que dicen nuestros clientes',
    partnersTitle: 'Nuestros aliados',
    allPartners: 'Conoce a nuestros aliados',
  },
  pages: {
    aboutUs: 'Quiénes somos',
    company: 'Empresa',
    products: 'Productos',
    features: 'Funciones',
    solutions: 'Soluciones',
    platform: 'Plataforma',
    services: 'Servicios',
    pricing: 'Precios',
    partners: 'Aliados',
    support: 'Ayuda',
    questions: 'Preguntas frecuentes',
    cdeVerified: 'Seguridad de pagos',
    terms: 'Términos de uso',
    privacy: 'Política de privacidad',
    security: 'Seguridad',
    requestInfo: 'Solicitar información',
    contactUs: 'Contacto',
    blog: 'Blog',
    news: 'Noticias',
    job: 'Empleo',
  },
  pricing: {
    perMonth: '/mes',
    contactUs: 'Contáctanos',
    choose: 'Empezar',
    popular: 'El más elegido',
    intro: 'Planes mensuales, precios en {{currency}}. Cambia o cancela cuando quieras.',
    customPrice: 'Precio a medida',
    customPriceNote: 'Según el tamaño de tus eventos',
    includes: 'Incluye',
    helpTitle: '¿No sabes qué plan te conviene?',
    helpText: 'Cuéntanos sobre tus eventos y te recomendaremos el plan adecuado.',
    helpCta: 'Consultar precios',
    talkToSales: 'Hablar con ventas',
    planEnquiry: 'Me interesa el plan {{plan}}. ',
  },
  partners: {
    empty: 'Pronto publicaremos aquí a nuestros aliados.',
    visit: 'Visitar {{name}}',
    lead: 'Empresas con las que trabajamos para que cada evento en vivo salga perfecto.',
    newTab: '(se abre en una pestaña nueva)',
    becomeTitle: 'Hazte aliado',
    becomeText: '¿Creas, vendes o integras productos para eventos en vivo? Nos encantaría saber de ti.',
    becomeCta: 'Hablemos de una alianza',
  },
  faq: {
    search: 'Buscar preguntas',
    searchPlaceholder: 'Por ejemplo, «grabación»',
    noMatch: 'Ninguna pregunta coincide con «{{query}}».',
    count_one: '{{count}} pregunta',
    count_other: '{{count}} preguntas',
    matches_one: '{{count}} pregunta coincide con «{{query}}»',
    matches_other: '{{count}} preguntas coinciden con «{{query}}»',
    searchButton: 'Buscar',
    clear: 'Ver todas las preguntas',
    noMatchHint: 'Prueba con otra palabra o con una búsqueda más corta, o pregúntanos directamente.',
    empty: 'Todavía no se han publicado preguntas aquí.',
    stillTitle: '¿Aún tienes alguna pregunta?',
    stillText: 'Nuestro equipo te ayudará con gusto.',
  },
  infoAside: {
    onThisPage: 'En esta página',
    contactTitle: 'Hable con nuestro equipo',
    contactText: 'Preguntas, una demostración o precios para tus eventos: escríbenos y una persona te responderá.',
    openTitle: '¿Ningún puesto encaja con tu perfil?',
    openText: 'Siempre nos alegra conocer a personas con talento. Cuéntanos qué aportarías al equipo.',
  },
  support: {
    faqLink: 'Ver las preguntas frecuentes',
    contactLink: 'Contactar con soporte',
    faqText: 'Respuestas rápidas a las preguntas que más nos hacen.',
    contactText: 'Escribe a nuestro equipo y te responderemos, normalmente en un día hábil.',
    emailLabel: 'Correo electrónico',
    phoneLabel: 'Teléfono',
    addressLabel: 'Dirección',
  },
  articles: {
    empty: 'Todavía no se ha publicado nada aquí.',
    emptyJobs: 'Ahora mismo no hay vacantes abiertas, pero siempre nos alegra conocer a gente con talento.',
    openApplication: 'Enviar una candidatura espontánea',
    readMore: 'Leer más',
    back: 'Volver a la lista',
    published: 'Publicado el {{date}}',
    notFoundTitle: 'Artículo no encontrado',
    notFound: 'No hay ningún artículo en esta dirección. Es posible que se haya movido o eliminado.',
    location: 'Ubicación',
    employmentType: 'Tipo',
    apply: 'Postularme',
    applyTitle: '¿Te interesa este puesto?',
    applyText: 'Envíanos unas líneas sobre ti y nos pondremos en contacto contigo.',
    readMoreAbout: 'Leer más: {{title}}',
    byAuthor: 'Por {{author}}',
    leads: {
      blog: 'Historias, guías y novedades del producto de {{company}}.',
      news: 'Anuncios y comunicados de prensa de {{company}}.',
      job: 'Ayúdanos a crear eventos en vivo que la gente disfrute. Vacantes en {{company}}.',
    },
  },
  forms: {
    name: 'Nombre completo',
    email: 'Correo electrónico',
    company: 'Empresa',
    phone: 'Teléfono',
    optional: '(opcional)',
    subject: 'Asunto',
    message: 'Mensaje',
    topic: '¿Qué te interesa?',
    topicPlaceholder: 'Elige un tema',
    topics: {
      demo: 'Una demostración en vivo',
      pricing: 'Precios y planes',
      partnership: 'Alianzas',
      other: 'Otra cosa',
    },
    attendees: 'Asistentes previstos por evento',
    attendeesHelp: 'Basta con un número aproximado.',
    messageHelp: 'De {{messageMin, number}} a {{messageMax, number}} caracteres.',
    requestInfoLead: 'Cuéntanos qué estás planeando y te responderemos con todos los detalles.',
    contactUsLead: '¿Preguntas, comentarios o cualquier otra cosa? Envíanos un mensaje.',
    asideTitle: 'Otras formas de contactarnos',
    privacyNote: 'Usamos tus datos solo para responder a tu mensaje.',
    send: 'Enviar',
    sending: 'Enviando…',
    required: 'Obligatorio',
    successTitle: '¡Gracias!',
    requestInfoSuccess: 'Recibimos tu solicitud y responderemos a {{email}} en un día hábil.',
    contactUsSuccess: 'Tu mensaje va en camino. Pronto responderemos a {{email}}.',
    sendAnother: 'Enviar otro mensaje',
    fixErrors: 'Corrige los campos marcados.',
    rateLimited_one: 'Demasiados envíos desde tu red. Vuelve a intentarlo en {{minutes}} minuto.',
    rateLimited_other: 'Demasiados envíos desde tu red. Vuelve a intentarlo en {{minutes}} minutos.',
    serviceDown: 'No pudimos guardar tu mensaje: nuestro servicio de datos no está disponible en este momento. No se ha perdido nada: vuelve a intentarlo en un momento.',
    honeypot: 'Deja este campo vacío',
    counter: {
      visible: '{{count, number}} / {{max, number}}',
      limit: 'caracteres, como máximo {{max, number}}',
      spoken: '{{count, number}} de {{max, number}} caracteres',
      over: '{{extra, number}} caracteres por encima del límite de {{max, number}}',
    },
    errors: {
      invalid: 'Revisa este campo.',
      nameRequired: 'Escribe tu nombre.',
      emailRequired: 'Escribe tu correo electrónico.',
      nameTooLong: 'Usa como máximo {{name, number}} caracteres.',
      emailInvalid: 'Escribe un correo electrónico válido, por ejemplo nombre@ejemplo.com.',
      phoneInvalid: 'Escribe un número de teléfono con dígitos, espacios, guiones o un + inicial.',
      companyTooLong: 'Usa como máximo {{company, number}} caracteres.',
      subjectRequired: 'Escribe un asunto.',
      subjectTooLong: 'Usa como máximo {{subject, number}} caracteres.',
      messageTooShort: 'Escribe al menos {{messageMin, number}} caracteres.',
      messageTooLong: 'Usa como máximo {{messageMax, number}} caracteres.',
      topicInvalid: 'Elige un tema.',
      attendeesInvalid: 'Escribe un número entero entre 1 y {{attendeesMax, number}}.',
    },
  },
  notFound: {
    title: 'Página no encontrada',
    body: 'No encontramos {{path}}. Es posible que la dirección esté mal escrita o que la página se haya movido.',
    home: 'Ir a la página de inicio',
    support: 'Ir a la ayuda',
  },
  error: {
    forbidden: {
      title: 'No tienes permiso para ver esta página',
      body: 'Tu sesión está iniciada, pero esta página es para otros roles de este sitio. Si crees que deberías tener acceso, pídelo al administrador del sitio.',
      dashboard: 'Ir a tu panel',
    },
    // A script or stylesheet chunk that failed or timed out (SPEC.md §8; docs/decisions/0050).
    chunk: {
      title: 'No se pudo cargar la página por completo',
      body: 'Una parte del sitio no llegó, quizá por la conexión o porque se acaba de publicar una nueva versión del sitio. Vuelve a cargar la página para continuar.',
      reload: 'Volver a cargar la página',
    },
    title: 'Algo salió mal',
    body: 'Un error inesperado impidió mostrar esta página. Vuelve a intentarlo; si sigue ocurriendo, contáctanos.',
    retry: 'Reintentar',
    methodNotAllowed: 'Esta dirección no admite ese método; use {{allow}}.',
  },
  unavailable: {
    title: {
      database: 'Los datos de nuestros eventos no están disponibles en este momento.',
      identity: 'El inicio de sesión no está disponible en este momento.',
      storage: 'Los archivos y contenidos no están disponibles en este momento.',
    },
    body: 'No se perdió nada de lo que hiciste. Vuelve a intentarlo en un momento.',
    retry: 'Reintentar',
    kept: 'Lo que escribiste se muestra abajo; envíalo de nuevo en un momento.',
  },
  meta: {
    updated: 'Última actualización: {{date}}',
  },
  account,
  social,
  twoFactor,
  session,
  dashboard,
  schedule,
  events,
  live,
  reactions,
  waiting,
  breakouts,
  polls,
  analytics,
  rangeAnalytics,
  embeds,
  registration,
  webhooks,
  lobby,
  chat,
  gallery,
  transcribe,
  library,
  upload,
  player,
  ondemand,
  recording,
  captions,
  capture,
  playback,
  broadcast,
  donations,
  payments,
  cart,
  shop,
  tickets,
  photo,
  voice,
  apiKeys,
};

export default es;
