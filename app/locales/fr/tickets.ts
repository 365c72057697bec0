import type { TranslationShape } from '#app/lib/i18n/keys';
import type en from '../en/tickets';

/** Textes français des billets, inscriptions, accès aux salles et consultations. */
const tickets: TranslationShape<typeof en> = {
  form: {
    legend: 'Billets',
    pricing: 'Accès',
    free: 'Gratuit',
    paid: 'Payant',
    ticketPrice: 'Prix du billet ({{currency}})',
    ticketPriceHelp: 'Par exemple 15 ou 15,50.',
    capacity: 'Nombre de places (facultatif)',
    capacityHelp: 'Le nombre maximum de personnes qui peuvent s’inscrire ou acheter un billet. Laissez vide pour ne pas limiter.',
    replayPrice: 'Prix du replay ({{currency}}, facultatif)',
    replayPriceHelp: 'Vendez l’enregistrement seul aux personnes sans billet. Laissez vide pour ne pas le vendre à part.',
  },
  errors: {
    price: 'Saisissez un prix comme 15 ou 15,50, supérieur à zéro.',
    capacity: 'Saisissez un nombre entier de 1 à 100 000.',
    capacityBelowSold: 'Le nombre de places ne peut pas être inférieur aux {{sold}} places déjà prises.',
    replayPrice: 'Saisissez un prix comme 5 ou 5,50, ou laissez vide.',
  },
  price: {
    free: 'Gratuit',
    label: 'Prix',
  },
  access: {
    title: 'Billets',
    register: 'S’inscrire',
    registering: 'Inscription…',
    buy: 'Acheter un billet · {{price}}',
    buying: 'Ouverture du paiement…',
    join: 'Rejoindre',
    soldOut: 'Complet',
    seatsLeft_one: '{{count}} place restante',
    seatsLeft_other: '{{count}} places restantes',
    registered: 'Vous êtes inscrit.',
    hasTicket: 'Vous avez un billet.',
    confirming: 'Confirmation de votre paiement…',
    paymentFailed: 'Le paiement n’a pas abouti. Vous n’avez pas été débité.',
    signInToRegister: 'Connectez-vous pour vous inscrire',
    signInToBuy: 'Connectez-vous pour acheter un billet',
    addToCalendar: 'Ajouter au calendrier (.ics)',
    staff: 'Vous animez cet événement : pas besoin de billet.',
    closed: 'Les inscriptions sont closes.',
    opensLater: 'Vous pourrez entrer peu avant le début.',
    buyReplay: 'Acheter le replay · {{price}}',
    error: 'Cela n’a pas fonctionné. Réessayez.',
    refused: {
      not_found: 'Cet événement n’est pas en vente.',
      not_for_sale: 'Les billets de cet événement ne sont pas en vente.',
      sold_out: 'Complet.',
      already_owned: 'Vous avez déjà un billet.',
      own_item: 'Vous animez cet événement : pas besoin de billet.',
      invalid_amount: 'Ce montant n’est pas valide.',
      slot_taken: 'Ce créneau vient d’être pris.',
      too_late: 'Cet événement est terminé.',
    },
  },
  gate: {
    title: 'Cet événement nécessite un billet',
    text: 'Seuls les détenteurs d’un billet, l’organisateur et les animateurs peuvent entrer dans cette salle.',
    registerText: 'Inscrivez-vous à cet événement pour entrer dans sa salle.',
    replayText: 'Seuls les détenteurs d’un billet (ou du replay), l’organisateur et les animateurs peuvent regarder cet enregistrement.',
    buy: 'Acheter un billet',
    register: 'S’inscrire',
  },
  mail: {
    ticketSubject: 'Votre billet : {{title}}',
    registrationSubject: 'Vous êtes inscrit : {{title}}',
    ticketBody:
      'Bonjour {{name}},\n\nVotre place pour « {{title}} » le {{when}} ({{zone}}) est confirmée.\n\nLa page de l’événement : {{url}}\nLe fichier de calendrier est joint.\n\nÀ bientôt !',
    reminderSubject: 'Bientôt : {{title}}',
    reminderBody: 'Bonjour {{name}},\n\n« {{title}} » commence le {{when}} ({{zone}}).\n\nRejoignez-le depuis la page de l’événement : {{url}}',
    consultationSubject: 'Consultation réservée : {{title}}',
    consultationBody:
      'Bonjour {{name}},\n\nVotre consultation « {{title}} » est réservée pour le {{when}} ({{zone}}).\n\nRejoignez-la ici : {{url}}\nLe fichier de calendrier est joint.',
  },
};

export default tickets;
