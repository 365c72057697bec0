import type { TranslationOverlay } from '#app/lib/i18n/variants';

/**
 * Mexican Spanish (es-MX): only the strings that differ from the neutral Spanish of ../es, with
 * the same keys and namespaces; every other key falls back to es. Words as Mexico says them
 * ("boleto", "celular", "presiona") and keys as Mexican keyboards label them ("Enter", "Shift").
 */
const esMX: TranslationOverlay = {
  embeds: {
    buyTicket: 'Conseguir un boleto',
    viewTicket: 'Ver tu boleto',
    locked: { title: 'Este contenido es para quienes tienen boleto', text: 'Consigue un boleto o inicia sesión con la cuenta que lo tiene para verlo aquí.' },
    confirm: {
      text: 'Iniciaste sesión en {{site}} como {{name}}. ¿Permites que la página insertada de la otra ventana use tu cuenta de este sitio durante una hora? Así podrá mostrar aquello para lo que tienes boleto. Hazlo solo si la abriste tú.',
    },
  },
  twoFactor: { addPhone: { help: 'Tu número de celular, sin el código de país.' } },
  live: { errors: { ticketRequired: 'Este evento requiere boleto.' } },
  chat: { composer: { hint: 'Enter envía. Shift+Enter agrega una línea.' } },
  gallery: { files: { lead: 'Archivos compartidos contigo. Cada enlace de descarga se crea para ti al hacer clic y funciona durante un minuto.' } },
  playback: { listener: { shortcuts: 'Shift+N reproduce la pista siguiente, Shift+P la anterior.' } },
  broadcast: { key: { copyFailed: 'No se pudo copiar: el texto está seleccionado, presiona Ctrl+C para copiarlo.' } },
  donations: { sales: { kinds: { ticket: 'Boleto' } } },
  payments: {
    profile: {
      intro: 'Tu cuenta de cobro, tu saldo y cada venta, boleto, donación, tarifa de consulta, comisión de la plataforma y reembolso.',
      ledgers: { ticket: 'Boletos' },
    },
  },
  shop: {
    channel: { buyTicket: 'Comprar boleto' },
    product: { delivers: { ticket: 'Boleto para un evento' } },
  },
  tickets: {
    form: {
      legend: 'Boletos',
      ticketPrice: 'Precio del boleto ({{currency}})',
      capacityHelp: 'El máximo de personas que pueden inscribirse o comprar boleto. Déjalo vacío para no poner límite.',
      replayPriceHelp: 'Vende la grabación por separado a quien no tenga boleto. Déjalo vacío para no venderla aparte.',
    },
    access: {
      title: 'Boletos',
      buy: 'Comprar boleto · {{price}}',
      hasTicket: 'Tienes un boleto.',
      signInToBuy: 'Inicia sesión para comprar un boleto',
      staff: 'Tú diriges este evento: no necesitas boleto.',
      refused: {
        not_for_sale: 'Los boletos de este evento no están a la venta.',
        already_owned: 'Ya tienes un boleto.',
        own_item: 'Tú diriges este evento: no necesitas boleto.',
      },
      series: { paidNote: 'Los boletos se venden por sesión: cada sesión de esta serie necesita su propio boleto.' },
    },
    gate: {
      title: 'Este evento requiere boleto',
      text: 'Solo quienes tienen boleto, el organizador y los anfitriones pueden entrar en esta sala.',
      replayText: 'Solo quienes tienen boleto (o compraron la grabación), el organizador y los anfitriones pueden ver esta grabación.',
      buy: 'Comprar boleto',
    },
    mail: { ticketSubject: 'Tu boleto: {{title}}' },
  },
  registration: {
    editor: {
      help: 'Se hacen al inscribirse o comprar un boleto (un evento de pago, o uno gratuito con cupo). Cada pregunta necesita su texto en {{language}}; los demás idiomas son opcionales y, si faltan, se usa ese.',
    },
    form: { titleBuy: 'Antes de comprar tu boleto' },
    export: {
      intro: 'Todas las personas inscritas o con boleto, con sus respuestas: una columna por pregunta; se conservan las respuestas a preguntas que después cambiaron o se quitaron.',
    },
  },
  rangeAnalytics: {
    totals: { tickets: 'Boletos vendidos' },
    viewers: { caption: 'Inscripciones, boletos, asistencia y tiempo visto por día' },
  },
};

export default esMX;
