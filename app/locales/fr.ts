import type { TranslationShape } from '#app/lib/i18n/keys';
import account from './fr/account';
import social from './fr/social';
import twoFactor from './fr/twoFactor';
import session from './fr/session';
import dashboard from './fr/dashboard';
import schedule from './fr/schedule';
import events from './fr/events';
import live from './fr/live';
import reactions from './fr/reactions';
import waiting from './fr/waiting';
import breakouts from './fr/breakouts';
import polls from './fr/polls';
import analytics from './fr/analytics';
import rangeAnalytics from './fr/rangeAnalytics';
import embeds from './fr/embeds';
import registration from './fr/registration';
import webhooks from './fr/webhooks';
import lobby from './fr/lobby';
import chat from './fr/chat';
import gallery from './fr/gallery';
import transcribe from './fr/transcribe';
import library from './fr/library';
import upload from './fr/upload';
import player from './fr/player';
import ondemand from './fr/ondemand';
import recording from './fr/recording';
import captions from './fr/captions';
import capture from './fr/capture';
import playback from './fr/playback';
import broadcast from './fr/broadcast';
import donations from './fr/donations';
import payments from './fr/payments';
import cart from './fr/cart';
import shop from './fr/shop';
import tickets from './fr/tickets';
import photo from './fr/photo';
import voice from './fr/voice';
import apiKeys from './fr/apiKeys';

/** French UI strings ("vous"), key for key with en.ts. */
const fr: TranslationShape = {
  nav: {
    home: 'Accueil',
    liveEvents: 'En direct',
    features: 'Fonctionnalités',
    partners: 'Partenaires',
    support: 'Aide',
    blog: 'Blog',
    pricing: 'Tarifs',
    demo: 'Démo',
    menu: 'Menu',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
    main: 'Navigation principale',
    skipToContent: 'Aller au contenu',
  },
  language: {
    label: 'Langue',
    change: 'Changer de langue',
    title: 'Choisissez votre langue',
    intro: 'Les pages de ce site s’afficheront dans la langue choisie.',
    save: 'Enregistrer',
    saved: 'Langue enregistrée.',
    current: 'Langue actuelle',
    /** A label before what it names, with the language's punctuation (French: a narrow space before the colon). */
    labelled: '{{label}} :',
    labelValue: '{{label}} : {{value}}',
    unsupported: 'Ce site n’est pas disponible dans cette langue.',
    names: { en: 'English', es: 'Español', fr: 'Français' },
  },
  footer: {
    legal: 'Mentions légales',
    company: 'Entreprise',
    help: 'Aide',
    terms: 'Conditions d’utilisation',
    privacy: 'Politique de confidentialité',
    security: 'Sécurité',
    cdeVerified: 'Sécurité des paiements',
    aboutUs: 'À propos',
    companyFacts: 'L’entreprise en bref',
    news: 'Actualités',
    jobs: 'Carrières',
    questions: 'FAQ',
    contactUs: 'Nous contacter',
    requestInfo: 'Demande d’informations',
    rights: '© {{year}} {{company}}. Tous droits réservés.',
    contact: 'Contact',
    siteLinks: 'Liens du site',
  },
  home: {
    upcomingTitle: 'Prochains événements en direct',
    upcomingEmpty: 'Aucun événement en direct n’est encore programmé. Revenez bientôt.',
    explore: 'Découvrir',
    allEvents: 'Voir tous les événements en direct',
    calendar: 'Calendrier des événements',
    unavailable: 'Les prochains événements ne peuvent pas être affichés pour le moment : la base de données ne répond pas.',
    channelsTitle: 'Chaînes à la une',
    allChannels: 'Toutes les chaînes',
    replaysTitle: 'Voir les replays',
    allReplays: 'Toutes les vidéos',
    duration: 'Durée {{time}}',
    testimonialsTitle: 'Ce que disent nos clients',
    partnersTitle: 'Nos partenaires',
    allPartners: 'Découvrir nos partenaires',
  },
  pages: {
    aboutUs: 'À propos',
    company: 'Entreprise',
    products: 'Produits',
    features: 'Fonctionnalités',
    solutions: 'Solutions',
    platform: 'Plateforme',
    services: 'Services',
    pricing: 'Tarifs',
    partners: 'Partenaires',
    support: 'Aide',
    questions: 'Questions fréquentes',
    cdeVerified: 'Sécurité des paiements',
    terms: 'Conditions d’utilisation',
    privacy: 'Politique de confidentialité',
    security: 'Sécurité',
    requestInfo: 'Demande d’informations',
    contactUs: 'Nous contacter',
    blog: 'Blog',
    news: 'Actualités',
    job: 'Carrières',
  },
  pricing: {
    perMonth: '/mois',
    contactUs: 'Nous contacter',
    choose: 'Commencer',
    popular: 'Le plus choisi',
    intro: 'Formules mensuelles, prix en {{currency}}. Modifiables ou résiliables à tout moment.',
    customPrice: 'Sur devis',
    customPriceNote: 'Adapté à la taille de vos événements',
    includes: 'Inclus',
    helpTitle: 'Vous hésitez entre plusieurs formules\u00a0?',
    helpText: 'Parlez-nous de vos événements, nous vous conseillerons la formule adaptée.',
    helpCta: 'Poser une question sur les tarifs',
    talkToSales: 'Parler à l’équipe commerciale',
    planEnquiry: 'Je suis intéressé par l’offre {{plan}}. ',
  },
  partners: {
    empty: 'Nos partenaires seront bientôt présentés sur cette page.',
    visit: 'Visiter {{name}}',
    lead: 'Les entreprises avec lesquelles nous travaillons pour que chaque événement en direct se déroule sans accroc.',
    newTab: '(s’ouvre dans un nouvel onglet)',
    becomeTitle: 'Devenir partenaire',
    becomeText: 'Vous concevez, vendez ou intégrez des produits pour les événements en direct\u00a0? Nous serions ravis d’échanger avec vous.',
    becomeCta: 'Parlons partenariat',
  },
  faq: {
    search: 'Rechercher dans les questions',
    searchPlaceholder: 'Par exemple «\u00a0enregistrement\u00a0»',
    noMatch: 'Aucune question ne correspond à «\u00a0{{query}}\u00a0».',
    count_one: '{{count}} question',
    count_other: '{{count}} questions',
    matches_one: '{{count}} question correspond à «\u00a0{{query}}\u00a0»',
    matches_other: '{{count}} questions correspondent à «\u00a0{{query}}\u00a0»',
    searchButton: 'Rechercher',
    clear: 'Afficher toutes les questions',
    noMatchHint: 'Essayez un autre mot ou une recherche plus courte, ou posez-nous directement la question.',
    empty: 'Aucune question n’a encore été publiée ici.',
    stillTitle: 'Vous avez encore une question\u00a0?',
    stillText: 'Notre équipe se fera un plaisir de vous aider.',
  },
  infoAside: {
    onThisPage: 'Sur cette page',
    contactTitle: 'Parler à notre équipe',
    contactText: 'Questions, démonstration ou devis pour vos événements : écrivez-nous, une personne vous répondra.',
    openTitle: 'Aucun poste ne vous correspond ?',
    openText: 'Nous sommes toujours heureux de rencontrer des personnes de talent. Dites-nous ce que vous apporteriez à l’équipe.',
  },
  support: {
    faqLink: 'Consulter la FAQ',
    contactLink: 'Contacter l’assistance',
    faqText: 'Des réponses rapides aux questions que l’on nous pose le plus souvent.',
    contactText: 'Écrivez à notre équipe\u00a0: nous vous répondons, en général sous un jour ouvré.',
    emailLabel: 'E-mail',
    phoneLabel: 'Téléphone',
    addressLabel: 'Adresse',
  },
  articles: {
    empty: 'Rien n’a encore été publié ici.',
    emptyJobs: 'Aucun poste n’est ouvert pour le moment, mais nous sommes toujours heureux de rencontrer des talents.',
    openApplication: 'Envoyer une candidature spontanée',
    readMore: 'Lire la suite',
    back: 'Retour à la liste',
    published: 'Publié le {{date}}',
    notFoundTitle: 'Article introuvable',
    notFound: 'Il n’y a aucun article à cette adresse. Il a peut-être été déplacé ou supprimé.',
    location: 'Lieu',
    employmentType: 'Type de contrat',
    apply: 'Postuler',
    applyTitle: 'Ce poste vous intéresse\u00a0?',
    applyText: 'Envoyez-nous quelques mots sur vous, nous reviendrons vers vous.',
    readMoreAbout: 'Lire la suite\u00a0: {{title}}',
    byAuthor: 'Par {{author}}',
    leads: {
      blog: 'Récits, guides et nouveautés {{company, elide(de)}}.',
      news: 'Annonces et communiqués {{company, elide(de)}}.',
      job: 'Aidez-nous à créer des événements en direct que le public adore. Offres d’emploi chez {{company}}.',
    },
  },
  forms: {
    name: 'Nom complet',
    email: 'E-mail',
    company: 'Entreprise',
    phone: 'Téléphone',
    optional: '(facultatif)',
    subject: 'Objet',
    message: 'Message',
    topic: 'Qu’est-ce qui vous intéresse\u00a0?',
    topicPlaceholder: 'Choisissez un sujet',
    topics: {
      demo: 'Une démonstration en direct',
      pricing: 'Tarifs et formules',
      partnership: 'Partenariat',
      other: 'Autre chose',
    },
    attendees: 'Nombre de participants prévus par événement',
    attendeesHelp: 'Un ordre de grandeur suffit.',
    messageHelp: 'De {{messageMin, number}} à {{messageMax, number}} caractères.',
    requestInfoLead: 'Dites-nous ce que vous préparez, nous vous répondrons avec tous les détails.',
    contactUsLead: 'Une question, une remarque ou autre chose\u00a0? Envoyez-nous un message.',
    asideTitle: 'Autres moyens de nous joindre',
    privacyNote: 'Vos coordonnées servent uniquement à répondre à votre message.',
    send: 'Envoyer',
    sending: 'Envoi…',
    required: 'Obligatoire',
    successTitle: 'Merci\u00a0!',
    requestInfoSuccess: 'Nous avons bien reçu votre demande et répondrons à {{email}} sous un jour ouvré.',
    contactUsSuccess: 'Votre message est bien parti. Nous répondrons rapidement à {{email}}.',
    sendAnother: 'Envoyer un autre message',
    fixErrors: 'Veuillez corriger les champs signalés.',
    rateLimited_one: 'Trop d’envois depuis votre réseau. Veuillez réessayer dans {{minutes}} minute.',
    rateLimited_other: 'Trop d’envois depuis votre réseau. Veuillez réessayer dans {{minutes}} minutes.',
    serviceDown: 'Impossible d’enregistrer votre message\u00a0: notre service de données est indisponible pour le moment. Rien n’est perdu\u00a0: réessayez dans un instant.',
    honeypot: 'Laissez ce champ vide',
    counter: {
      visible: '{{count, number}} / {{max, number}}',
      limit: 'caractères, {{max, number}} au plus',
      spoken: '{{count, number}} caractères sur {{max, number}}',
      over: '{{extra, number}} caractères de trop (limite : {{max, number}})',
    },
    errors: {
      invalid: 'Veuillez vérifier ce champ.',
      nameRequired: 'Veuillez saisir votre nom.',
      emailRequired: 'Veuillez saisir votre adresse e-mail.',
      nameTooLong: '{{name, number}} caractères au maximum, s’il vous plaît.',
      emailInvalid: 'Veuillez saisir une adresse e-mail valide, par exemple nom@exemple.fr.',
      phoneInvalid: 'Veuillez saisir un numéro de téléphone composé de chiffres, d’espaces, de tirets ou d’un + initial.',
      companyTooLong: '{{company, number}} caractères au maximum, s’il vous plaît.',
      subjectRequired: 'Veuillez saisir un objet.',
      subjectTooLong: '{{subject, number}} caractères au maximum, s’il vous plaît.',
      messageTooShort: 'Veuillez écrire au moins {{messageMin, number}} caractères.',
      messageTooLong: '{{messageMax, number}} caractères au maximum, s’il vous plaît.',
      topicInvalid: 'Veuillez choisir un sujet.',
      attendeesInvalid: 'Veuillez saisir un nombre entier compris entre 1 et {{attendeesMax, number}}.',
    },
  },
  notFound: {
    title: 'Page introuvable',
    body: 'Nous n’avons pas trouvé {{path}}. L’adresse est peut-être mal saisie, ou la page a été déplacée.',
    home: 'Aller à l’accueil',
    support: 'Consulter l’aide',
  },
  error: {
    forbidden: {
      title: 'Vous n’avez pas l’autorisation de voir cette page',
      body: 'Votre session est bien ouverte, mais cette page est réservée à d’autres rôles sur ce site. Si vous pensez devoir y accéder, demandez-le à l’administrateur du site.',
      dashboard: 'Aller à votre tableau de bord',
    },
    // A script or stylesheet chunk that failed or timed out (SPEC.md §8; docs/decisions/0050).
    chunk: {
      title: 'Cette page n’a pas pu être chargée entièrement',
      body: 'Une partie du site n’est pas arrivée, peut-être à cause de la connexion ou parce qu’une nouvelle version du site vient d’être publiée. Rechargez la page pour continuer.',
      reload: 'Recharger la page',
    },
    title: 'Une erreur s’est produite',
    body: 'Une erreur inattendue a interrompu cette page. Veuillez réessayer\u00a0; si le problème persiste, contactez-nous.',
    retry: 'Réessayer',
    methodNotAllowed: 'Cette adresse n’accepte pas cette méthode ; utilisez {{allow}}.',
  },
  unavailable: {
    title: {
      database: 'Les données de nos événements sont indisponibles pour le moment.',
      identity: 'La connexion est indisponible pour le moment.',
      storage: 'Les fichiers et médias sont indisponibles pour le moment.',
    },
    body: 'Rien de ce que vous avez fait n’a été perdu. Veuillez réessayer dans un instant.',
    retry: 'Réessayer',
    kept: 'Ce que vous avez saisi est affiché ci-dessous ; renvoyez-le dans un instant.',
  },
  meta: {
    updated: 'Dernière mise à jour\u00a0: {{date}}',
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

export default fr;
