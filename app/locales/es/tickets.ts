import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/tickets';

/** Cadenas en español de entradas, inscripciones, acceso a salas y consultas. */
const tickets: TranslationShape<typeof en> = {
  form: {
    legend: 'Entradas',
    pricing: 'Acceso',
    free: 'Gratis',
    paid: 'De pago',
    ticketPrice: 'Precio de la entrada ({{currency}})',
    ticketPriceHelp: 'Por ejemplo 15 o 15,50.',
    capacity: 'Aforo (opcional)',
    capacityHelp: 'El máximo de personas que pueden inscribirse o comprar entrada. Déjalo vacío para no poner límite.',
    replayPrice: 'Precio de la grabación ({{currency}}, opcional)',
    replayPriceHelp: 'Vende la grabación por separado a quien no tenga entrada. Déjalo vacío para no venderla aparte.',
  },
  errors: {
    price: 'Escribe un precio como 15 o 15,50, mayor que cero.',
    capacity: 'Escribe un número entero del 1 al 100.000.',
    capacityBelowSold: 'El aforo no puede ser menor que las {{sold}} plazas ya ocupadas.',
    replayPrice: 'Escribe un precio como 5 o 5,50, o déjalo vacío.',
  },
  price: {
    free: 'Gratis',
    label: 'Precio',
  },
  access: {
    title: 'Entradas',
    register: 'Inscribirme',
    registering: 'Inscribiendo…',
    buy: 'Comprar entrada · {{price}}',
    buying: 'Abriendo el pago…',
    join: 'Entrar',
    soldOut: 'Agotado',
    seatsLeft_one: 'Queda {{count}} plaza',
    seatsLeft_other: 'Quedan {{count}} plazas',
    registered: 'Estás inscrito.',
    hasTicket: 'Tienes una entrada.',
    confirming: 'Confirmando tu pago…',
    paymentFailed: 'El pago no se completó. No se te ha cobrado.',
    signInToRegister: 'Inicia sesión para inscribirte',
    signInToBuy: 'Inicia sesión para comprar una entrada',
    addToCalendar: 'Añadir al calendario (.ics)',
    staff: 'Tú diriges este evento: no necesitas entrada.',
    closed: 'Las inscripciones están cerradas.',
    opensLater: 'Podrás entrar poco antes del inicio.',
    buyReplay: 'Comprar la grabación · {{price}}',
    error: 'No ha funcionado. Inténtalo de nuevo.',
    refused: {
      not_found: 'Este evento no está a la venta.',
      not_for_sale: 'Las entradas de este evento no están a la venta.',
      sold_out: 'Agotado.',
      already_owned: 'Ya tienes una entrada.',
      own_item: 'Tú diriges este evento: no necesitas entrada.',
      invalid_amount: 'Esa cantidad no es válida.',
      slot_taken: 'Alguien acaba de reservar esa hora.',
      too_late: 'Este evento ya terminó.',
    },
  },
  gate: {
    title: 'Este evento requiere entrada',
    text: 'Solo quienes tienen entrada, el organizador y los anfitriones pueden entrar en esta sala.',
    registerText: 'Inscríbete en este evento para entrar en su sala.',
    replayText: 'Solo quienes tienen entrada (o compraron la grabación), el organizador y los anfitriones pueden ver esta grabación.',
    buy: 'Comprar entrada',
    register: 'Inscribirme',
  },
  mail: {
    ticketSubject: 'Tu entrada: {{title}}',
    registrationSubject: 'Estás inscrito: {{title}}',
    ticketBody:
      'Hola {{name}}:\n\nTienes plaza para «{{title}}» el {{when}} ({{zone}}).\n\nPágina del evento: {{url}}\nAdjuntamos el archivo de calendario.\n\n¡Nos vemos allí!',
    reminderSubject: 'Empieza pronto: {{title}}',
    reminderBody: 'Hola {{name}}:\n\n«{{title}}» empieza el {{when}} ({{zone}}).\n\nEntra desde la página del evento: {{url}}',
    consultationSubject: 'Consulta reservada: {{title}}',
    consultationBody:
      'Hola {{name}}:\n\nTu consulta «{{title}}» está reservada para el {{when}} ({{zone}}).\n\nEntra aquí: {{url}}\nAdjuntamos el archivo de calendario.',
  },
};

export default tickets;
