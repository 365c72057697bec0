import account from './en/account';
import social from './en/social';
import twoFactor from './en/twoFactor';
import session from './en/session';
import dashboard from './en/dashboard';
import schedule from './en/schedule';
import events from './en/events';
import live from './en/live';
import reactions from './en/reactions';
import waiting from './en/waiting';
import breakouts from './en/breakouts';
import polls from './en/polls';
import analytics from './en/analytics';
import rangeAnalytics from './en/rangeAnalytics';
import embeds from './en/embeds';
import registration from './en/registration';
import webhooks from './en/webhooks';
import lobby from './en/lobby';
import chat from './en/chat';
import gallery from './en/gallery';
import transcribe from './en/transcribe';
import library from './en/library';
import upload from './en/upload';
import player from './en/player';
import ondemand from './en/ondemand';
import recording from './en/recording';
import captions from './en/captions';
import capture from './en/capture';
import playback from './en/playback';
import broadcast from './en/broadcast';
import donations from './en/donations';
import payments from './en/payments';
import cart from './en/cart';
import shop from './en/shop';
import tickets from './en/tickets';
import photo from './en/photo';
import voice from './en/voice';
import apiKeys from './en/apiKeys';
/** English UI strings: the source every other language mirrors key for key. */
const en = {
  nav: {
    home: 'Home',
    liveEvents: 'Live events',
    features: 'Features',
    partners: 'Partners',
    support: 'Support',
    blog: 'Blog',
    pricing: 'Pricing',
    demo: 'Demo',
    menu: 'Menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    main: 'Main navigation',
    skipToContent: 'Skip to content',
  },
  language: {
    label: 'Language',
    change: 'Change language',
    title: 'Choose your language',
    intro: 'Pages on this site will be shown in the language you choose.',
    save: 'Save',
    saved: 'Language saved.',
    current: 'Current language',
    /** A label before what it names, with the language's punctuation (French: a narrow space before the colon). */
    labelled: '{{label}}:',
    labelValue: '{{label}}: {{value}}',
    unsupported: 'This site is not available in that language.',
    names: { en: 'English', es: 'Español', fr: 'Français' },
  },
  footer: {
    legal: 'Legal',
    company: 'Company',
    help: 'Help',
    terms: 'Terms of use',
    privacy: 'Privacy policy',
    security: 'Security',
    cdeVerified: 'Payment security',
    aboutUs: 'About us',
    companyFacts: 'Company facts',
    news: 'News',
    jobs: 'Careers',
    questions: 'FAQ',
    contactUs: 'Contact us',
    requestInfo: 'Request information',
    rights: '© {{year}} {{company}}. All rights reserved.',
    contact: 'Contact',
    siteLinks: 'Site links',
  },
  home: {
    upcomingTitle: 'Upcoming live events',
    upcomingEmpty: 'No live events are scheduled yet. Check back soon.',
    explore: 'Explore',
    allEvents: 'See all live events',
    calendar: 'Events calendar',
    unavailable: 'Upcoming events cannot be shown right now: the database is not answering.',
    channelsTitle: 'Featured channels',
    allChannels: 'All channels',
    replaysTitle: 'Watch the replays',
    allReplays: 'All videos',
    duration: 'Length {{time}}',
    testimonialsTitle: 'What our customers say',
    partnersTitle: 'Our partners',
    allPartners: 'Meet our partners',
  },
  pages: {
    aboutUs: 'About us',
    company: 'Company',
    products: 'Products',
    features: 'Features',
    solutions: 'Solutions',
    platform: 'Platform',
    services: 'Services',
    pricing: 'Pricing',
    partners: 'Partners',
    support: 'Support',
    questions: 'Frequently asked questions',
    cdeVerified: 'Payment security',
    terms: 'Terms of use',
    privacy: 'Privacy policy',
    security: 'Security',
    requestInfo: 'Request information',
    contactUs: 'Contact us',
    blog: 'Blog',
    news: 'News',
    job: 'Careers',
  },
  pricing: {
    perMonth: '/month',
    contactUs: 'Contact us',
    choose: 'Get started',
    popular: 'Most popular',
    intro: 'Monthly plans, prices in {{currency}}. Change or cancel at any time.',
    customPrice: 'Custom pricing',
    customPriceNote: 'Tailored to the size of your events',
    includes: 'Included',
    helpTitle: 'Not sure which plan fits?',
    helpText: 'Tell us about your events and we will suggest the right plan.',
    helpCta: 'Ask about pricing',
    talkToSales: 'Talk to sales',
    planEnquiry: 'I am interested in the {{plan}} plan. ',
  },
  partners: {
    empty: 'Partner listings are coming to this page.',
    visit: 'Visit {{name}}',
    lead: 'Companies we work with to make every live event run smoothly.',
    newTab: '(opens in a new tab)',
    becomeTitle: 'Become a partner',
    becomeText: 'Do you build, sell or integrate products for live events? We would like to hear from you.',
    becomeCta: 'Talk to us about partnering',
  },
  faq: {
    search: 'Search questions',
    searchPlaceholder: 'Type a word, such as "recording"',
    noMatch: 'No question matches "{{query}}".',
    count_one: '{{count}} question',
    count_other: '{{count}} questions',
    matches_one: '{{count}} question matches "{{query}}"',
    matches_other: '{{count}} questions match "{{query}}"',
    searchButton: 'Search',
    clear: 'Show all questions',
    noMatchHint: 'Try another word or a shorter search, or ask us directly.',
    empty: 'No questions have been published here yet.',
    stillTitle: 'Still have a question?',
    stillText: 'Our team is happy to help.',
  },
  infoAside: {
    onThisPage: 'On this page',
    contactTitle: 'Talk to our team',
    contactText: 'Questions, a demo or a quote for your events: write to us and a person will answer.',
    openTitle: 'No role that fits?',
    openText: 'We are always glad to meet talented people. Tell us what you would bring to the team.',
  },
  support: {
    faqLink: 'Browse the FAQ',
    contactLink: 'Contact support',
    faqText: 'Quick answers to the questions we hear most often.',
    contactText: 'Write to our team and we will get back to you, usually within one business day.',
    emailLabel: 'Email',
    phoneLabel: 'Phone',
    addressLabel: 'Address',
  },
  articles: {
    empty: 'Nothing has been published here yet.',
    emptyJobs: 'There are no open positions right now, but we are always glad to meet talented people.',
    openApplication: 'Send an open application',
    readMore: 'Read more',
    back: 'Back to the list',
    published: 'Published {{date}}',
    notFoundTitle: 'Article not found',
    notFound: 'There is no article at this address. It may have been moved or removed.',
    location: 'Location',
    employmentType: 'Type',
    apply: 'Apply',
    applyTitle: 'Interested in this role?',
    applyText: 'Send us a short note about yourself and we will be in touch.',
    readMoreAbout: 'Read more: {{title}}',
    byAuthor: 'By {{author}}',
    leads: {
      blog: 'Stories, guides and product updates from {{company}}.',
      news: 'Announcements and press from {{company}}.',
      job: 'Help us build live events people love. Open roles at {{company}}.',
    },
  },
  forms: {
    name: 'Full name',
    email: 'Email',
    company: 'Company',
    phone: 'Phone',
    optional: '(optional)',
    subject: 'Subject',
    message: 'Message',
    topic: 'What are you interested in?',
    topicPlaceholder: 'Choose a topic',
    topics: {
      demo: 'A live demo',
      pricing: 'Pricing and plans',
      partnership: 'Partnership',
      other: 'Something else',
    },
    attendees: 'Expected attendees per event',
    attendeesHelp: 'A rough number is fine.',
    messageHelp: '{{messageMin, number}} to {{messageMax, number}} characters.',
    requestInfoLead: 'Tell us what you are planning and we will get back to you with the details.',
    contactUsLead: 'Questions, feedback or something else? Send us a message.',
    asideTitle: 'Other ways to reach us',
    privacyNote: 'We use your details only to answer your message.',
    send: 'Send',
    sending: 'Sending…',
    required: 'Required',
    successTitle: 'Thank you!',
    requestInfoSuccess: 'We received your request and will reply to {{email}} within one business day.',
    contactUsSuccess: 'Your message is on its way. We will reply to {{email}} soon.',
    sendAnother: 'Send another message',
    fixErrors: 'Please correct the highlighted fields.',
    rateLimited_one: 'Too many submissions from your network. Please try again in {{minutes}} minute.',
    rateLimited_other: 'Too many submissions from your network. Please try again in {{minutes}} minutes.',
    serviceDown: 'We could not save your message: our data service is unavailable right now. Nothing was lost: please try again in a moment.',
    honeypot: 'Leave this field empty',
    counter: {
      visible: '{{count, number}} / {{max, number}}',
      limit: 'characters, at most {{max, number}}',
      spoken: '{{count, number}} of {{max, number}} characters',
      over: '{{extra, number}} characters over the limit of {{max, number}}',
    },
    errors: {
      invalid: 'Please check this field.',
      nameRequired: 'Please enter your name.',
      emailRequired: 'Please enter your email address.',
      nameTooLong: 'Please use at most {{name, number}} characters.',
      emailInvalid: 'Please enter a valid email address, such as name@example.com.',
      phoneInvalid: 'Please enter a phone number with digits, spaces, dashes or a leading +.',
      companyTooLong: 'Please use at most {{company, number}} characters.',
      subjectRequired: 'Please enter a subject.',
      subjectTooLong: 'Please use at most {{subject, number}} characters.',
      messageTooShort: 'Please write at least {{messageMin, number}} characters.',
      messageTooLong: 'Please use at most {{messageMax, number}} characters.',
      topicInvalid: 'Please choose a topic.',
      attendeesInvalid: 'Please enter a whole number between 1 and {{attendeesMax, number}}.',
    },
  },
  notFound: {
    title: 'Page not found',
    body: 'We could not find {{path}}. The address may be mistyped, or the page may have moved.',
    home: 'Go to the home page',
    support: 'Visit support',
  },
  error: {
    forbidden: {
      title: 'You do not have permission to see this page',
      body: 'You are signed in, but this page is for other roles on this site. If you think you should have access, ask the site’s administrator.',
      dashboard: 'Go to your dashboard',
    },
    // A script or stylesheet chunk that failed or timed out (SPEC.md §8; docs/decisions/0050).
    chunk: {
      title: 'This page could not be loaded completely',
      body: 'Part of the site did not arrive, perhaps because of the connection or because a new version of the site was just published. Reload the page to continue.',
      reload: 'Reload the page',
    },
    title: 'Something went wrong',
    body: 'An unexpected error stopped this page. Please try again; if it keeps happening, contact us.',
    retry: 'Try again',
    methodNotAllowed: 'This address does not take that method; use {{allow}}.',
  },
  unavailable: {
    title: {
      database: 'Our event data is unavailable right now.',
      identity: 'Sign-in is unavailable right now.',
      storage: 'Files and media are unavailable right now.',
    },
    body: 'Nothing you did was lost. Please try again in a moment.',
    retry: 'Try again',
    kept: 'What you entered is shown below; send it again in a moment.',
  },
  meta: {
    updated: 'Last updated {{date}}',
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

export default en;
export type Translations = typeof en;
