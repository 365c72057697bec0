import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/cart';

const cart: TranslationShape<typeof en> = {
  open: 'Carrito',
  openWithCount_one: 'Carrito, {{count}} artículo',
  openWithCount_other: 'Carrito, {{count}} artículos',
  title: 'Tu carrito',
  close: 'Cerrar el carrito',
  loading: 'Cargando tu carrito…',
  empty: 'Tu carrito está vacío.',
  browse: 'Explorar los canales',
  quantity: 'Cantidad de {{title}}',
  decrease: 'Uno menos de {{title}}',
  increase: 'Uno más de {{title}}',
  remove: 'Quitar {{title}}',
  lineTotal: 'Total de la línea',
  total: 'Total',
  priceNote: 'Los precios se confirman al pagar.',
  checkout: 'Pagar',
  checkingOut: 'Abriendo la página de pago segura…',
  signInToPay: 'Inicia sesión para pagar: tu carrito se conserva.',
  loadError: 'No se pudo cargar tu carrito. Inténtalo de nuevo.',
  retry: 'Reintentar',
  refusals: {
    not_found: '{{title}} ya no está a la venta.',
    not_for_sale: '{{title}} no está a la venta ahora.',
    sold_out: 'No quedan suficientes unidades de {{title}}.',
    already_owned: 'Ya tienes {{title}}.',
    own_item: '{{title}} es tu propio producto.',
    invalid_amount: 'El importe de {{title}} no es válido.',
    slot_taken: '{{title}} ya no está disponible.',
    too_late: 'Ya no se puede comprar {{title}}.',
  },
  result: {
    confirming: 'Confirmando tu pago…',
    paid: 'Gracias: tu pago se realizó.',
    failed: 'El pago no se realizó. No se cobró nada.',
    orders: 'Ver tus pedidos y recibos',
    dismiss: 'Cerrar',
  },
  api: {
    badRequest: 'No se pudo leer la solicitud.',
    notFound: 'Ese producto no existe.',
    notForSale: 'Ese producto no está a la venta.',
    soldOut: 'No quedan suficientes unidades de ese producto.',
    checkoutFailed: 'No se pudo abrir la página de pago. Inténtalo de nuevo.',
  },
};

export default cart;
