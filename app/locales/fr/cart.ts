import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/cart';

const cart: TranslationShape<typeof en> = {
  open: 'Panier',
  openWithCount_one: 'Panier, {{count}} article',
  openWithCount_other: 'Panier, {{count}} articles',
  title: 'Votre panier',
  close: 'Fermer le panier',
  loading: 'Chargement de votre panier…',
  empty: 'Votre panier est vide.',
  browse: 'Parcourir les chaînes',
  quantity: 'Quantité {{title, elide(de)}}',
  decrease: 'Un {{title}} de moins',
  increase: 'Un {{title}} de plus',
  remove: 'Retirer {{title}}',
  lineTotal: 'Total de la ligne',
  total: 'Total',
  priceNote: 'Les prix sont confirmés au paiement.',
  checkout: 'Payer',
  checkingOut: 'Ouverture de la page de paiement sécurisée…',
  signInToPay: 'Connectez-vous pour payer : votre panier est conservé.',
  loadError: 'Votre panier n’a pas pu être chargé. Veuillez réessayer.',
  retry: 'Réessayer',
  refusals: {
    not_found: '{{title}} n’est plus vendu.',
    not_for_sale: '{{title}} n’est pas en vente pour le moment.',
    sold_out: 'Il ne reste pas assez {{title, elide(de)}}.',
    already_owned: 'Vous possédez déjà {{title}}.',
    own_item: '{{title}} est votre propre produit.',
    invalid_amount: 'Le montant {{title, elide(de)}} n’est pas valide.',
    slot_taken: '{{title}} n’est plus disponible.',
    too_late: '{{title}} ne peut plus être acheté.',
  },
  result: {
    confirming: 'Confirmation de votre paiement…',
    paid: 'Merci : votre paiement est passé.',
    failed: 'Le paiement n’a pas abouti. Rien n’a été débité.',
    orders: 'Voir vos commandes et reçus',
    dismiss: 'Fermer',
  },
  api: {
    badRequest: 'Cette demande n’a pas pu être lue.',
    notFound: 'Ce produit n’existe pas.',
    notForSale: 'Ce produit n’est pas en vente.',
    soldOut: 'Il ne reste pas assez de ce produit.',
    checkoutFailed: 'La page de paiement n’a pas pu s’ouvrir. Veuillez réessayer.',
  },
};

export default cart;
