import type { Translations } from '../en';

/** Textes français des dons et des ventes dans la salle en direct. */
const donations: Translations['donations'] = {
  panel: {
    title: 'Soutenir par un don',
    roomTitle: 'Faire un don à l’organisateur',
    intro: 'Choisissez un montant ou saisissez le vôtre.',
    suggested: 'Montants suggérés',
    custom: 'Autre montant ({{currency}})',
    customHint: 'De {{min}} à {{max}}.',
    message: 'Message (facultatif)',
    messageHint: '{{count}} sur {{max}} caractères',
    submit: 'Donner {{amount}}',
    submitEmpty: 'Donner',
    submitting: 'Ouverture de la page de paiement…',
    newWindow: 'La page de paiement s’est ouverte dans un nouvel onglet. Cette salle reste ouverte.',
    waiting: 'En attente de la confirmation de votre paiement…',
    thanks: 'Merci ! Votre don de {{amount}} est confirmé.',
    thanksReturned: 'Merci ! Votre don est confirmé.',
    failed: 'Le paiement n’a pas abouti. Rien n’a été débité.',
    popupBlocked: 'Votre navigateur a bloqué l’onglet de paiement.',
    openPayment: 'Ouvrir la page de paiement',
    signIn: 'Connectez-vous pour faire un don',
    errors: {
      amount: 'Saisissez un montant de {{min}} à {{max}}.',
      message: 'Le message est limité à {{max}} caractères.',
      refused: 'Ce don ne peut pas être fait pour le moment.',
      unavailable: 'Les paiements sont indisponibles pour le moment. Réessayez dans un instant.',
    },
  },
  room: {
    donate: 'Faire un don',
    close: 'Fermer',
  },
  sales: {
    title: 'En vente',
    buy: 'Acheter',
    buying: 'Ouverture de la page de paiement…',
    thanks: 'Merci, votre achat est confirmé',
    waiting: 'En attente de la confirmation de votre paiement…',
    failed: 'Le paiement n’a pas abouti. Rien n’a été débité.',
    kinds: { product: 'Produit', replay: 'Rediffusion', ticket: 'Billet' },
    manage: 'Épingler à la vente',
    kindLabel: 'Quoi épingler',
    productId: 'Identifiant du produit',
    pin: 'Épingler',
    unpin: 'Désépingler',
    pinned: 'Épinglé pour tout le monde dans la salle.',
    none: 'Rien n’est épinglé.',
    errors: {
      badRequest: 'Cette requête n’est pas valide.',
      unauthenticated: 'Connectez-vous d’abord.',
      forbidden: 'Seuls l’organisateur et les co-animateurs peuvent épingler une vente.',
      notFound: 'Cet article est introuvable.',
      methodNotAllowed: 'Cette méthode n’est pas autorisée ici.',
      notForSale: 'Ce n’est pas en vente : fixez d’abord son prix.',
      unavailable: 'La vente épinglée ne peut pas être modifiée pour le moment.',
    },
  },
};

export default donations;
