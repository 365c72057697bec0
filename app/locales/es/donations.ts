import type { Translations } from '../en';

/** Cadenas en español de donaciones y ventas en la sala en vivo. */
const donations: Translations['donations'] = {
  panel: {
    title: 'Apoya con una donación',
    roomTitle: 'Dona al organizador',
    intro: 'Elige un importe o escribe el tuyo.',
    suggested: 'Importes sugeridos',
    custom: 'Otro importe ({{currency}})',
    customHint: 'De {{min}} a {{max}}.',
    message: 'Mensaje (opcional)',
    messageHint: '{{count}} de {{max}} caracteres',
    submit: 'Donar {{amount}}',
    submitEmpty: 'Donar',
    submitting: 'Abriendo la página de pago…',
    newWindow: 'La página de pago se abrió en una pestaña nueva. Esta sala sigue abierta.',
    waiting: 'Esperando la confirmación de tu pago…',
    thanks: '¡Gracias! Tu donación de {{amount}} está confirmada.',
    thanksReturned: '¡Gracias! Tu donación está confirmada.',
    failed: 'El pago no se realizó. No se cobró nada.',
    popupBlocked: 'Tu navegador bloqueó la pestaña de pago.',
    openPayment: 'Abrir la página de pago',
    signIn: 'Inicia sesión para donar',
    errors: {
      amount: 'Escribe un importe de {{min}} a {{max}}.',
      message: 'El mensaje admite hasta {{max}} caracteres.',
      refused: 'Esta donación no se puede hacer ahora.',
      unavailable: 'Los pagos no están disponibles ahora. Inténtalo de nuevo en un momento.',
    },
  },
  room: {
    donate: 'Donar',
    close: 'Cerrar',
  },
  sales: {
    title: 'A la venta',
    buy: 'Comprar',
    buying: 'Abriendo la página de pago…',
    thanks: 'Gracias, tu compra está confirmada',
    waiting: 'Esperando la confirmación de tu pago…',
    failed: 'El pago no se realizó. No se cobró nada.',
    kinds: { product: 'Producto', replay: 'Repetición', ticket: 'Entrada' },
    manage: 'Fijar a la venta',
    kindLabel: 'Qué fijar',
    productId: 'Id del producto',
    pin: 'Fijar',
    unpin: 'Quitar',
    pinned: 'Fijado para todos en la sala.',
    none: 'No hay nada fijado.',
    errors: {
      badRequest: 'Esta solicitud no es válida.',
      unauthenticated: 'Inicia sesión primero.',
      forbidden: 'Solo el organizador y los anfitriones pueden fijar algo a la venta.',
      notFound: 'No se encontró ese artículo.',
      methodNotAllowed: 'Este método no está permitido aquí.',
      notForSale: 'No está a la venta: ponle precio primero.',
      unavailable: 'La venta fijada no se puede cambiar ahora.',
    },
  },
};

export default donations;
